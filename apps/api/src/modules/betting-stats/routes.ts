import { bettingStatsQuery } from '@owo/shared/schemas/admin';
import type { Services } from '../../services';
import type { Api } from '../../lib/route-validation';
import { bettingStatsReplySchema } from '@owo/shared/replies/admin-analytics';

/** GET admin/analytics/betting (spec 2 §7 Betting): admins only, checked on the server. */
export function bettingStatsRoutes(app: Api, { bettingStats, guards }: Services) {
  app.get(
    '/admin/analytics/betting',
    {
      onRequest: guards.requireStaff,
      schema: { querystring: bettingStatsQuery, response: { 200: bettingStatsReplySchema } },
    },
    async (request) => bettingStats.stats(request.query),
  );
}
