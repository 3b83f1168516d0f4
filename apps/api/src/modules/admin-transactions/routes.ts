import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminTransactionsQuery,
  approveBody,
  orderActionBody,
  pageQuery,
} from '@owo/shared/schemas/admin';
import { AppError } from '../../errors';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';

export const idParams = z.object({ id: z.uuid() });

/** A malformed id names no transaction: the same 404 as an unknown one. */
function transactionId(params: unknown): string {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw new AppError('NOT_FOUND');
  return parsed.data.id;
}

/** Admin: every customer's transactions, and Approve / Refund / Reverse on purchases. */
export function adminTransactionRoutes(
  app: FastifyInstance,
  { adminTransactions, guards }: Services,
) {
  const admin = { onRequest: guards.requireAdmin };
  // Support staff search and open orders; only admins move money on them.
  const staff = { onRequest: guards.requireStaff };
  const actor = (request: Parameters<typeof authOf>[0]) => {
    const { id, email } = authOf(request).user;
    return { id, email };
  };

  app.get(
    '/admin/transactions',
    { ...staff, schema: { querystring: adminTransactionsQuery } },
    async (request) => adminTransactions.list(parse(adminTransactionsQuery, request.query)),
  );

  app.get(
    '/admin/orders/needs-decision',
    { ...staff, schema: { querystring: pageQuery } },
    async (request) => adminTransactions.needsDecision(parse(pageQuery, request.query).page),
  );

  app.get('/admin/transactions/:id', { ...staff, schema: { params: idParams } }, async (request) =>
    adminTransactions.get(transactionId(request.params)),
  );

  app.post(
    '/admin/transactions/:id/approve',
    { ...admin, schema: { params: idParams, body: approveBody } },
    async (request) => {
      const id = transactionId(request.params);
      const { reason } = parse(approveBody, request.body);
      return adminTransactions.approve(actor(request), id, reason);
    },
  );

  app.post(
    '/admin/transactions/:id/refund',
    { ...admin, schema: { params: idParams, body: orderActionBody } },
    async (request) => {
      const id = transactionId(request.params);
      const { reason } = parse(orderActionBody, request.body);
      return adminTransactions.refund(actor(request), id, reason);
    },
  );

  app.post(
    '/admin/transactions/:id/reverse',
    { ...admin, schema: { params: idParams, body: orderActionBody } },
    async (request) => {
      const id = transactionId(request.params);
      const { reason } = parse(orderActionBody, request.body);
      return adminTransactions.reverse(actor(request), id, reason);
    },
  );
}
