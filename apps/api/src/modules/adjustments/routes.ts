import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { nairaAmountField } from '@owo/shared/schemas/purchases';
import { AppError } from '../../errors';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { readIdempotencyKey } from '../purchases/idempotency';
import type { AdjustmentInput } from './service';
import type { StoredReply } from '../purchases/replies';

export const idParams = z.object({ id: z.uuid() });
export const creditBody = z.object({
  amount: nairaAmountField(),
  reason: z
    .string({ error: 'A reason is required.' })
    .trim()
    .min(1, 'A reason is required.')
    .max(200),
});

/**
 * Admin: an operator credit to a customer's wallet, or a debit out of it (never below zero), each
 * with its reason and an optional Idempotency-Key header. The admin role is checked on the server.
 */
export function adjustmentRoutes(app: FastifyInstance, { adjustments, guards }: Services) {
  const inputOf = (request: FastifyRequest): AdjustmentInput => {
    const params = idParams.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND');
    const body = parse(creditBody, request.body);
    const admin = authOf(request).user;
    return {
      userId: params.data.id,
      amountKobo: body.amount,
      reason: body.reason,
      actor: { id: admin.id, email: admin.email },
      idempotencyKey: readIdempotencyKey(request.headers['idempotency-key']),
    };
  };
  const send = (reply: FastifyReply, stored: StoredReply) =>
    reply.code(stored.status).send(stored.body);

  app.post(
    '/admin/users/:id/credit',
    { onRequest: guards.requireAdmin, schema: { params: idParams, body: creditBody } },
    async (request, reply) => send(reply, await adjustments.creditReply(inputOf(request))),
  );

  app.post(
    '/admin/users/:id/debit',
    { onRequest: guards.requireAdmin, schema: { params: idParams, body: creditBody } },
    async (request, reply) => send(reply, await adjustments.debitReply(inputOf(request))),
  );
}
