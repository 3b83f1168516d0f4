import type { FastifyInstance } from 'fastify';
import { periodQuery, rangeQuery } from '@owo/shared/schemas/admin';
import { parse } from '../../lib/validate';
import type { Services } from '../../services';

/** Admin analytics (spec 2 §7): the dashboard's figures. Admins only, checked on the server. */
export function analyticsRoutes(app: FastifyInstance, { analytics, guards }: Services) {
  const admin = { onRequest: guards.requireAdmin };
  app.get(
    '/admin/analytics/summary',
    { ...admin, schema: { querystring: periodQuery } },
    async (request) => analytics.summary(parse(periodQuery, request.query).period),
  );
  app.get(
    '/admin/analytics/revenue',
    { ...admin, schema: { querystring: periodQuery } },
    async (request) => analytics.revenue(parse(periodQuery, request.query).period),
  );
  app.get(
    '/admin/analytics/profits',
    { ...admin, schema: { querystring: rangeQuery } },
    async (request) => analytics.profits(parse(rangeQuery, request.query).range),
  );
  app.get('/admin/analytics/previous-deposits', admin, async () => analytics.previousDeposits());
  app.get('/admin/analytics/previous-data-sales', admin, async () => analytics.previousDataSales());
  app.get('/admin/analytics/active-users', admin, async () => analytics.activeUsers());
  app.get('/admin/analytics/total-balance', admin, async () => analytics.totalBalance());
}
