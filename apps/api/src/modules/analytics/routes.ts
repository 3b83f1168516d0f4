import { periodQuery, rangeQuery } from '@owo/shared/schemas/admin';
import type { Services } from '../../services';
import type { Api } from '../../lib/route-validation';
import type { z } from 'zod/mini';
import {
  activeUsersReplySchema,
  previousDataSalesReplySchema,
  previousDepositsReplySchema,
  profitsReplySchema,
  revenueReplySchema,
  summaryReplySchema,
  totalBalanceReplySchema,
} from '@owo/shared/replies/admin-analytics';

/** Admin analytics (spec 2 §7): the dashboard's figures; staff (admin, support) may read them. */
export function analyticsRoutes(app: Api, { analytics, guards }: Services) {
  const staff = { onRequest: guards.requireStaff };
  const read = <T extends z.core.$ZodType>(reply: T) => ({
    ...staff,
    schema: { response: { 200: reply } },
  });
  app.get(
    '/admin/analytics/summary',
    { ...staff, schema: { querystring: periodQuery, response: { 200: summaryReplySchema } } },
    async (request) => analytics.summary(request.query.period),
  );
  app.get(
    '/admin/analytics/revenue',
    { ...staff, schema: { querystring: periodQuery, response: { 200: revenueReplySchema } } },
    async (request) => analytics.revenue(request.query.period),
  );
  app.get(
    '/admin/analytics/profits',
    { ...staff, schema: { querystring: rangeQuery, response: { 200: profitsReplySchema } } },
    async (request) => analytics.profits(request.query.range),
  );
  app.get('/admin/analytics/previous-deposits', read(previousDepositsReplySchema), async () =>
    analytics.previousDeposits(),
  );
  app.get('/admin/analytics/previous-data-sales', read(previousDataSalesReplySchema), async () =>
    analytics.previousDataSales(),
  );
  app.get('/admin/analytics/active-users', read(activeUsersReplySchema), async () =>
    analytics.activeUsers(),
  );
  app.get('/admin/analytics/total-balance', read(totalBalanceReplySchema), async () =>
    analytics.totalBalance(),
  );
}
