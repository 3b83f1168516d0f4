import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  swapAdminListQuery,
  swapCountQuery,
  swapVerifySchema,
} from '@owo/shared/schemas/airtime-swap';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { swapParams, swapRef } from './routes';

/** Admin airtime-to-cash calls: reads for staff (admin, support), the verdict for admins only. */
export function airtimeSwapAdminRoutes(app: FastifyInstance, { airtimeSwaps, guards }: Services) {
  const admin = { onRequest: guards.requireAdmin };
  const staff = { onRequest: guards.requireStaff };

  app.get(
    '/airtime-swap/admin',
    { ...staff, schema: { querystring: swapAdminListQuery } },
    async (request) => airtimeSwaps.adminPage(parse(swapAdminListQuery, request.query)),
  );

  app.get(
    '/airtime-swap/admin/count',
    { ...staff, schema: { querystring: swapCountQuery } },
    async (request) => airtimeSwaps.adminCount(parse(swapCountQuery, request.query).status),
  );

  app.get('/airtime-swap/admin/profit', staff, async () => airtimeSwaps.profit());

  app.patch(
    '/airtime-swap/admin/:swapId/verify',
    { ...admin, schema: { params: swapParams, body: swapVerifySchema } },
    async (request: FastifyRequest) =>
      airtimeSwaps.verify(
        { id: authOf(request).user.id, email: authOf(request).user.email },
        swapRef(request.params),
        parse(swapVerifySchema, request.body),
      ),
  );
}
