import { z } from 'zod';
import { HISTORY_MAX_PAGE_SIZE } from '@owo/shared/constants';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { historyPageReplySchema as historyPageReply } from '@owo/shared/replies/transactions';
import type { Api } from '../../lib/route-validation';

export const historyQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(HISTORY_MAX_PAGE_SIZE).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  search: z.string().max(100).optional(),
});

/** GET transactions: the signed-in user's own history, newest first (spec §7). */
export function historyRoutes(app: Api, { history, guards }: Services) {
  app.get(
    '/transactions',
    {
      onRequest: guards.requireUser,
      schema: { querystring: historyQuery, response: { 200: historyPageReply } },
    },
    async (request) => history.list(authOf(request).user.id, request.query),
  );
}
