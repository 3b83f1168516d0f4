import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ADMIN_REASON_MAX } from '@owo/shared/constants';
import { ADJUSTMENT_LIST_STATUSES } from '@owo/shared/adjustments';
import { adjustmentMessages } from '@owo/shared/adjustment-messages';
import { nairaAmountField } from '@owo/shared/schemas/purchases';
import { AppError } from '../../errors';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { readIdempotencyKey } from '../purchases/idempotency';
import { refusedAs, type Api } from '../../lib/route-validation';
import {
  adjustmentListReplySchema,
  adjustmentReplySchema,
  adjustmentRequestReplySchema,
  refundedDeliveriesReplySchema,
  refundedDeliveryReplySchema,
} from '@owo/shared/replies/admin-adjustments';

/** A malformed id names nothing: the same 404 as an unknown one. */
export const idParams = refusedAs(z.object({ id: z.uuid() }), () => new AppError('NOT_FOUND'));
const reasonField = z
  .string({ error: adjustmentMessages.reasonRequired })
  .trim()
  .min(1, adjustmentMessages.reasonRequired)
  .max(ADMIN_REASON_MAX);
export const creditBody = z.object({
  amount: nairaAmountField(),
  reason: z
    .string({ error: adjustmentMessages.reasonRequired })
    .trim()
    .min(1, adjustmentMessages.reasonRequired)
    .max(200),
});
export const approveBody = z.object({
  overrideCap: z.boolean({ error: 'overrideCap must be true or false.' }).optional(),
  reason: z.string().trim().max(ADMIN_REASON_MAX).optional(),
});
export const reasonBody = z.object({ reason: reasonField });
export const listQuery = z.object({
  status: z.enum(ADJUSTMENT_LIST_STATUSES).default('pending'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

function staffOf(request: FastifyRequest) {
  const { user } = authOf(request);
  return { id: user.id, email: user.email };
}

/**
 * Admin: staff credits and debits under four eyes (decision 0047). Crediting or debiting a
 * customer files a request (202, nothing moves); a second admin approves or rejects it on the
 * Approvals screen. Refunded orders a supplier delivered after all (decision 0048): recover (a
 * debit request) or write off. Support staff read the queues; only admins act; roles are checked
 * on the server.
 */
export function adjustmentRoutes(
  app: Api,
  { adjustmentRequests, refundedDeliveries, guards }: Services,
) {
  for (const direction of ['credit', 'debit'] as const) {
    app.post(
      `/admin/users/:id/${direction}`,
      {
        onRequest: guards.requireAdmin,
        schema: {
          params: idParams,
          body: creditBody,
          response: { 202: adjustmentRequestReplySchema },
        },
      },
      async (request, reply) => {
        const userId = request.params.id;
        const body = request.body;
        const filed = await adjustmentRequests.file(staffOf(request), {
          userId,
          direction,
          amountKobo: body.amount,
          reason: body.reason,
          idempotencyKey: readIdempotencyKey(request.headers['idempotency-key']),
        });
        return reply.code(202).send(filed);
      },
    );
  }

  app.get(
    '/admin/adjustments',
    {
      onRequest: guards.requireStaff,
      schema: { querystring: listQuery, response: { 200: adjustmentListReplySchema } },
    },
    async (request) => {
      const query = request.query;
      return adjustmentRequests.list(query.status, query.page);
    },
  );

  app.get(
    '/admin/adjustments/:id',
    {
      onRequest: guards.requireStaff,
      schema: { params: idParams, response: { 200: adjustmentReplySchema } },
    },
    async (request) => ({
      success: true as const,
      data: await adjustmentRequests.get(request.params.id),
    }),
  );

  app.post(
    '/admin/adjustments/:id/approve',
    {
      onRequest: guards.requireAdmin,
      schema: {
        params: idParams,
        body: approveBody,
        response: { 200: adjustmentRequestReplySchema },
      },
    },
    async (request) => {
      const id = request.params.id;
      const body = request.body;
      return adjustmentRequests.approve(staffOf(request), id, body);
    },
  );

  app.post(
    '/admin/adjustments/:id/reject',
    {
      onRequest: guards.requireAdmin,
      schema: {
        params: idParams,
        body: reasonBody,
        response: { 200: adjustmentRequestReplySchema },
      },
    },
    async (request) => {
      const id = request.params.id;
      const { reason } = request.body;
      return adjustmentRequests.reject(staffOf(request), id, reason);
    },
  );

  app.get(
    '/admin/refunded-deliveries',
    {
      onRequest: guards.requireStaff,
      schema: { response: { 200: refundedDeliveriesReplySchema } },
    },
    async () => refundedDeliveries.list(),
  );

  app.post(
    '/admin/refunded-deliveries/:id/recover',
    {
      onRequest: guards.requireAdmin,
      schema: {
        params: idParams,
        body: reasonBody,
        response: { 202: refundedDeliveryReplySchema },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const { reason } = request.body;
      return reply.code(202).send(await refundedDeliveries.recover(staffOf(request), id, reason));
    },
  );

  app.post(
    '/admin/refunded-deliveries/:id/write-off',
    {
      onRequest: guards.requireAdmin,
      schema: {
        params: idParams,
        body: reasonBody,
        response: { 200: refundedDeliveryReplySchema },
      },
    },
    async (request) => {
      const id = request.params.id;
      const { reason } = request.body;
      return refundedDeliveries.writeOff(staffOf(request), id, reason);
    },
  );
}
