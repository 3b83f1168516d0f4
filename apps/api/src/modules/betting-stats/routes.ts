import type { FastifyInstance } from 'fastify';
import { bettingStatsQuery } from '@owo/shared/schemas/admin';
import { parse } from '../../lib/validate';
import type { Services } from '../../services';

/** GET admin/analytics/betting (spec 2 §7 Betting): admins only, checked on the server. */
export function bettingStatsRoutes(app: FastifyInstance, { bettingStats, guards }: Services) {
  app.get(
    '/admin/analytics/betting',
    { onRequest: guards.requireStaff, schema: { querystring: bettingStatsQuery } },
    async (request) => bettingStats.stats(parse(bettingStatsQuery, request.query)),
  );
}
