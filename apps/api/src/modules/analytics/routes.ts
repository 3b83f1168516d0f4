import type { FastifyInstance } from 'fastify';
import { periodQuery, rangeQuery } from '@owo/shared/schemas/admin';
import { parse } from '../../lib/validate';
import type { Services } from '../../services';

/** Admin analytics (spec 2 §7): the dashboard's figures; staff (admin, support) may read them. */
export function analyticsRoutes(app: FastifyInstance, { analytics, guards }: Services) {
  const staff = { onRequest: guards.requireStaff };
  app.get(
    '/admin/analytics/summary',
    { ...staff, schema: { querystring: periodQuery } },
    async (request) => analytics.summary(parse(periodQuery, request.query).period),
  );
  app.get(
    '/admin/analytics/revenue',
    { ...staff, schema: { querystring: periodQuery } },
    async (request) => analytics.revenue(parse(periodQuery, request.query).period),
  );
  app.get(
    '/admin/analytics/profits',
    { ...staff, schema: { querystring: rangeQuery } },
    async (request) => analytics.profits(parse(rangeQuery, request.query).range),
  );
  app.get('/admin/analytics/previous-deposits', staff, async () => analytics.previousDeposits());
  app.get('/admin/analytics/previous-data-sales', staff, async () => analytics.previousDataSales());
  app.get('/admin/analytics/active-users', staff, async () => analytics.activeUsers());
  app.get('/admin/analytics/total-balance', staff, async () => analytics.totalBalance());
}
