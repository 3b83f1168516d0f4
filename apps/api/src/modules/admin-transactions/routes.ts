import { z } from 'zod';
import {
  adminTransactionsQuery,
  approveBody,
  orderActionBody,
  pageQuery,
} from '@owo/shared/schemas/admin';
import { AppError } from '../../errors';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { refusedAs, type Api } from '../../lib/route-validation';
import {
  adminTransactionReplySchema,
  adminTransactionsReplySchema,
  needsDecisionReplySchema,
} from '@owo/shared/replies/admin-transactions';

/** A malformed id names no transaction: the same 404 as an unknown one. */
export const idParams = refusedAs(z.object({ id: z.uuid() }), () => new AppError('NOT_FOUND'));

/** Admin: every customer's transactions, and Approve / Refund / Reverse on purchases. */
export function adminTransactionRoutes(app: Api, { adminTransactions, guards }: Services) {
  const admin = { onRequest: guards.requireAdmin };
  // The order as it now stands: the read and the three actions reply alike.
  const ok = { 200: adminTransactionReplySchema };
  // Support staff search and open orders; only admins move money on them.
  const staff = { onRequest: guards.requireStaff };
  const actor = (request: Parameters<typeof authOf>[0]) => {
    const { id, email } = authOf(request).user;
    return { id, email };
  };

  app.get(
    '/admin/transactions',
    {
      ...staff,
      schema: {
        querystring: adminTransactionsQuery,
        response: { 200: adminTransactionsReplySchema },
      },
    },
    async (request) => adminTransactions.list(request.query),
  );

  app.get(
    '/admin/orders/needs-decision',
    { ...staff, schema: { querystring: pageQuery, response: { 200: needsDecisionReplySchema } } },
    async (request) => adminTransactions.needsDecision(request.query.page),
  );

  app.get(
    '/admin/transactions/:id',
    { ...staff, schema: { params: idParams, response: ok } },
    async (request) => adminTransactions.get(request.params.id),
  );

  app.post(
    '/admin/transactions/:id/approve',
    { ...admin, schema: { params: idParams, body: approveBody, response: ok } },
    async (request) => {
      const id = request.params.id;
      const { reason, token } = request.body;
      return adminTransactions.approve(actor(request), id, reason, token);
    },
  );

  app.post(
    '/admin/transactions/:id/refund',
    { ...admin, schema: { params: idParams, body: orderActionBody, response: ok } },
    async (request) => {
      const id = request.params.id;
      const { reason } = request.body;
      return adminTransactions.refund(actor(request), id, reason);
    },
  );

  app.post(
    '/admin/transactions/:id/reverse',
    { ...admin, schema: { params: idParams, body: orderActionBody, response: ok } },
    async (request) => {
      const id = request.params.id;
      const { reason } = request.body;
      return adminTransactions.reverse(actor(request), id, reason);
    },
  );
}
