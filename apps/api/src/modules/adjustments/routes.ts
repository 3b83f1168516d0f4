import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { nairaAmountField } from '@owo/shared/schemas/purchases';
import { AppError } from '../../errors';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';

export const idParams = z.object({ id: z.uuid() });
export const creditBody = z.object({
  amount: nairaAmountField(),
  reason: z
    .string({ error: 'A reason is required.' })
    .trim()
    .min(1, 'A reason is required.')
    .max(200),
});

/** Admin: an operator credit to a customer's wallet (admin role checked on the server). */
export function adjustmentRoutes(app: FastifyInstance, { adjustments, guards }: Services) {
  app.post(
    '/admin/users/:id/credit',
    { onRequest: guards.requireAdmin, schema: { params: idParams, body: creditBody } },
    async (request) => {
      const params = idParams.safeParse(request.params);
      if (!params.success) throw new AppError('NOT_FOUND');
      const body = parse(creditBody, request.body);
      const admin = authOf(request).user;
      return adjustments.credit({
        userId: params.data.id,
        amountKobo: body.amount,
        reason: body.reason,
        actor: { id: admin.id, email: admin.email },
      });
    },
  );
}
