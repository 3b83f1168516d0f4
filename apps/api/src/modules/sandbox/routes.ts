import { requestOtpSchema } from '@owo/shared/schemas/auth';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import type { Api } from '../../lib/route-validation';
import { z } from 'zod/mini';
import { messageReplySchema } from '@owo/shared/replies/common';
import { sandboxMailboxReplySchema, sandboxTextsReplySchema } from '@owo/shared/replies/sandbox';

/** The same e-mail rule (and words) as the sign-in screen's. */
export const mailboxQuery = requestOtpSchema;

/**
 * Sandbox-only routes (app.ts registers them only when sandboxEnabled): the mailbox for the
 * address typed on the sign-in screen, the signed-in customer's own KYC codes, and the
 * simulated bank transfer into their own checkout.
 */
export function sandboxRoutes(app: Api, { sandbox, guards }: Services) {
  if (!sandbox) return;
  const auth = { onRequest: guards.requireUser };

  app.get(
    '/sandbox/mailbox',
    { schema: { querystring: mailboxQuery, response: { 200: sandboxMailboxReplySchema } } },
    async (request) => sandbox.mailbox(request.query.email),
  );

  app.get(
    '/sandbox/texts',
    { ...auth, schema: { response: { 200: sandboxTextsReplySchema } } },
    async (request) => sandbox.texts(authOf(request).user.id),
  );

  app.post(
    '/sandbox/deposits/:id/pay',
    {
      ...auth,
      schema: { params: z.object({ id: z.string() }), response: { 200: messageReplySchema } },
    },
    async (request) => sandbox.payCheckout(authOf(request).user.id, request.params.id),
  );
}
