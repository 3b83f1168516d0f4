import { depositSchema } from '@owo/shared/schemas/deposits';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { rateLimited } from '../openapi/error-replies';
import type { Api } from '../../lib/route-validation';
import { z } from 'zod/mini';
import {
  checkoutDepositReplySchema,
  depositStatusReplySchema,
  virtualDepositReplySchema,
} from '@owo/shared/replies/deposits';

/** Deposits of spec §7 and the two status checks the spec leaves unnamed. Thin. */
export function depositRoutes(app: Api, { deposits, guards }: Services) {
  const auth = { onRequest: guards.requireUser };

  /** Bank-transfer checkout: anyone (the spec sends unverified users here). */
  app.post(
    '/deposit/bank-transfer',
    {
      ...auth,
      schema: {
        body: depositSchema,
        response: { 200: checkoutDepositReplySchema, ...rateLimited },
      },
    },
    async (request) => deposits.bankTransfer(authOf(request).user.id, request.body.amount),
  );

  /** The permanent virtual account: KYC-verified users only (403 otherwise). */
  app.post(
    '/deposit',
    { ...auth, schema: { body: depositSchema, response: { 200: virtualDepositReplySchema } } },
    async (request) => deposits.virtual(authOf(request).user.id, request.body.amount),
  );

  app.get(
    '/deposit/:id/status',
    {
      ...auth,
      schema: { params: z.object({ id: z.string() }), response: { 200: depositStatusReplySchema } },
    },
    async (request) => deposits.statusById(authOf(request).user.id, request.params.id),
  );

  app.get(
    '/deposit/session/:sdkSessionId',
    {
      ...auth,
      schema: {
        params: z.object({ sdkSessionId: z.string() }),
        response: { 200: depositStatusReplySchema },
      },
    },
    async (request) =>
      deposits.statusBySession(authOf(request).user.id, request.params.sdkSessionId),
  );
}
