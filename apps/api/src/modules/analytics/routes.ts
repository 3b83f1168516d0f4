import { periodQuery, rangeQuery } from '@owo/shared/schemas/admin';
import type { Services } from '../../services';
import type { Api } from '../../lib/route-validation';

/** Admin analytics (spec 2 §7): the dashboard's figures; staff (admin, support) may read them. */
export function analyticsRoutes(app: Api, { analytics, guards }: Services) {
  const staff = { onRequest: guards.requireStaff };
  app.get(
    '/admin/analytics/summary',
    { ...staff, schema: { querystring: periodQuery } },
    async (request) => analytics.summary(request.query.period),
  );
  app.get(
    '/admin/analytics/revenue',
    { ...staff, schema: { querystring: periodQuery } },
    async (request) => analytics.revenue(request.query.period),
  );
  app.get(
    '/admin/analytics/profits',
    { ...staff, schema: { querystring: rangeQuery } },
    async (request) => analytics.profits(request.query.range),
  );
  app.get('/admin/analytics/previous-deposits', staff, async () => analytics.previousDeposits());
  app.get('/admin/analytics/previous-data-sales', staff, async () => analytics.previousDataSales());
  app.get('/admin/analytics/active-users', staff, async () => analytics.activeUsers());
  app.get('/admin/analytics/total-balance', staff, async () => analytics.totalBalance());
}
