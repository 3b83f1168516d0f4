import {
  bankAccountVerifySchema,
  transferSchema,
  verifyRecipientSchema,
} from '@owo/shared/schemas/transfers';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { rateLimited } from '../openapi/error-replies';
import { moneyRoute, requestContext, sendStored } from '../purchases/route-context';
import type { Api } from '../../lib/route-validation';
import { bankAccountVerifyReplySchema, recipientReplySchema } from '@owo/shared/replies/lookups';
import { transferReplySchema } from '@owo/shared/replies/transactions';
import { banksReplySchema } from '@owo/shared/replies/catalogue';

/** Transfers of spec §7: to another user by e-mail, and the bank list and name enquiry. */
export function transferRoutes(app: Api, { transfers, banks, guards }: Services) {
  const auth = { onRequest: guards.requireUser };

  app.post(
    '/transfers/verify-recipient',
    {
      ...auth,
      schema: {
        body: verifyRecipientSchema,
        response: { 200: recipientReplySchema, ...rateLimited },
      },
    },
    async (request) => transfers.verifyRecipient(authOf(request).user.id, request.body.email),
  );

  app.post(
    '/transfers',
    {
      ...auth,
      ...moneyRoute,
      schema: { body: transferSchema, response: { 200: transferReplySchema, ...rateLimited } },
    },
    async (request, reply) =>
      sendStored(
        reply,
        await transfers.transfer(requestContext(request, '/transfers'), request.body),
      ),
  );

  app.post(
    '/transfers/verify',
    {
      ...auth,
      schema: {
        body: bankAccountVerifySchema,
        response: { 200: bankAccountVerifyReplySchema, ...rateLimited },
      },
    },
    async (request) => banks.verifyAccount(authOf(request).user.id, request.body),
  );

  app.get(
    '/transfers/banks',
    { ...auth, schema: { response: { 200: banksReplySchema } } },
    async () => banks.banks(),
  );
}
