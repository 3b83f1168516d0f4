import type { FastifyInstance } from 'fastify';
import {
  bankAccountVerifySchema,
  transferSchema,
  verifyRecipientSchema,
} from '@owo/shared/schemas/transfers';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { readIdempotencyKey } from '../purchases/idempotency';

/** Transfers of spec §7: to another user by e-mail, and the bank list and name enquiry. */
export function transferRoutes(app: FastifyInstance, { transfers, banks, guards }: Services) {
  const auth = { onRequest: guards.requireUser };

  app.post('/transfers/verify-recipient', auth, async (request) =>
    transfers.verifyRecipient(
      authOf(request).user.id,
      parse(verifyRecipientSchema, request.body).email,
    ),
  );

  app.post('/transfers', auth, async (request, reply) => {
    const result = await transfers.transfer(
      {
        userId: authOf(request).user.id,
        route: '/transfers',
        body: request.body,
        idempotencyKey: readIdempotencyKey(request.headers['idempotency-key']),
      },
      parse(transferSchema, request.body),
    );
    return reply.status(result.status).send(result.body);
  });

  app.post('/transfers/verify', auth, async (request) =>
    banks.verifyAccount(parse(bankAccountVerifySchema, request.body)),
  );

  app.get('/transfers/banks', auth, async () => banks.banks());
}
