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

/** Admin airtime-to-cash calls. Every route checks the admin role on the server. */
export function airtimeSwapAdminRoutes(app: FastifyInstance, { airtimeSwaps, guards }: Services) {
  const admin = { onRequest: guards.requireAdmin };

  app.get(
    '/airtime-swap/admin',
    { ...admin, schema: { querystring: swapAdminListQuery } },
    async (request) => airtimeSwaps.adminPage(parse(swapAdminListQuery, request.query)),
  );

  app.get(
    '/airtime-swap/admin/count',
    { ...admin, schema: { querystring: swapCountQuery } },
    async (request) => airtimeSwaps.adminCount(parse(swapCountQuery, request.query).status),
  );

  app.get('/airtime-swap/admin/profit', admin, async () => airtimeSwaps.profit());

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
