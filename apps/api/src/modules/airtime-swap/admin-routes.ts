import {
  swapAdminListQuery,
  swapCountQuery,
  swapVerifySchema,
} from '@owo/shared/schemas/airtime-swap';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { swapParams } from './routes';
import type { Api } from '../../lib/route-validation';
import {
  swapCountReplySchema,
  swapListReplySchema,
  swapProfitReplySchema,
  swapVerifyReplySchema,
} from '@owo/shared/replies/admin-swaps';

/** Admin airtime-to-cash calls: reads for staff (admin, support), the verdict for admins only. */
export function airtimeSwapAdminRoutes(app: Api, { airtimeSwaps, guards }: Services) {
  const admin = { onRequest: guards.requireAdmin };
  const staff = { onRequest: guards.requireStaff };

  app.get(
    '/airtime-swap/admin',
    {
      ...staff,
      schema: { querystring: swapAdminListQuery, response: { 200: swapListReplySchema } },
    },
    async (request) => airtimeSwaps.adminPage(request.query),
  );

  app.get(
    '/airtime-swap/admin/count',
    { ...staff, schema: { querystring: swapCountQuery, response: { 200: swapCountReplySchema } } },
    async (request) => airtimeSwaps.adminCount(request.query.status),
  );

  app.get(
    '/airtime-swap/admin/profit',
    { ...staff, schema: { response: { 200: swapProfitReplySchema } } },
    async () => airtimeSwaps.profit(),
  );

  app.patch(
    '/airtime-swap/admin/:swapId/verify',
    {
      ...admin,
      schema: {
        params: swapParams,
        body: swapVerifySchema,
        response: { 200: swapVerifyReplySchema },
      },
    },
    async (request) =>
      airtimeSwaps.verify(
        { id: authOf(request).user.id, email: authOf(request).user.email },
        request.params.swapId,
        request.body,
      ),
  );
}
