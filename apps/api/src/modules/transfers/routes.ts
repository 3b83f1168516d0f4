import type { FastifyInstance } from 'fastify';
import {
  bankAccountVerifySchema,
  transferSchema,
  verifyRecipientSchema,
} from '@owo/shared/schemas/transfers';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { requestContext, sendStored } from '../purchases/route-context';

/** Transfers of spec §7: to another user by e-mail, and the bank list and name enquiry. */
export function transferRoutes(app: FastifyInstance, { transfers, banks, guards }: Services) {
  const auth = { onRequest: guards.requireUser };

  app.post(
    '/transfers/verify-recipient',
    { ...auth, schema: { body: verifyRecipientSchema } },
    async (request) =>
      transfers.verifyRecipient(
        authOf(request).user.id,
        parse(verifyRecipientSchema, request.body).email,
      ),
  );

  app.post('/transfers', { ...auth, schema: { body: transferSchema } }, async (request, reply) =>
    sendStored(
      reply,
      await transfers.transfer(
        requestContext(request, '/transfers'),
        parse(transferSchema, request.body),
      ),
    ),
  );

  app.post(
    '/transfers/verify',
    { ...auth, schema: { body: bankAccountVerifySchema } },
    async (request) =>
      banks.verifyAccount(authOf(request).user.id, parse(bankAccountVerifySchema, request.body)),
  );

  app.get('/transfers/banks', auth, async () => banks.banks());
}
