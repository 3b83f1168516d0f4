import { depositSchema } from '@owo/shared/schemas/deposits';
import {
  subaccountSchema,
  verificationEnquirySchema,
  verificationInitiateSchema,
  verificationValidateSchema,
} from '@owo/shared/schemas/kyc';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { rateLimited } from '../openapi/error-replies';
import type { Api } from '../../lib/route-validation';
import { z } from 'zod/mini';
import {
  accountListReplySchema,
  accountReplySchema,
  verificationEnquiryReplySchema,
  verificationInitiateReplySchema,
  verificationValidateReplySchema,
  virtualDepositIntentReplySchema,
  virtualDepositReplySchema,
} from '@owo/shared/replies/deposits';

/** Any id: the services answer 404 for one that is not the caller's (or not an id at all). */
const idParams = z.object({ id: z.string() });

/** Spec §7 "Verification and accounts". Every id is checked against the caller in the service. */
export function kycRoutes(app: Api, { verification, accounts, deposits, guards }: Services) {
  const auth = { onRequest: guards.requireUser };
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  app.post(
    '/verification/initiate',
    {
      ...auth,
      schema: {
        body: verificationInitiateSchema,
        response: { 200: verificationInitiateReplySchema, ...rateLimited },
      },
    },
    async (request) => verification.initiate(me(request), request.body),
  );
  app.post(
    '/verification/validate',
    {
      ...auth,
      schema: {
        body: verificationValidateSchema,
        response: { 200: verificationValidateReplySchema },
      },
    },
    async (request) => verification.validate(me(request), request.body),
  );
  app.post(
    '/verification/enquiry',
    {
      ...auth,
      schema: {
        body: verificationEnquirySchema,
        response: { 200: verificationEnquiryReplySchema },
      },
    },
    async (request) => verification.enquiry(me(request), request.body),
  );

  app.get(
    '/account',
    { ...auth, schema: { response: { 200: accountListReplySchema } } },
    async (request) => accounts.list(me(request)),
  );
  app.post(
    '/account/subaccount',
    {
      ...auth,
      schema: { body: subaccountSchema, response: { 200: accountReplySchema, ...rateLimited } },
    },
    async (request) => accounts.createSubaccount(me(request), request.body),
  );
  /** The same as POST deposit: an intent to pay into the permanent account. */
  app.post(
    '/account/virtual',
    { ...auth, schema: { body: depositSchema, response: { 200: virtualDepositReplySchema } } },
    async (request) => deposits.virtual(me(request), request.body.amount),
  );
  app.get(
    '/account/virtual/account/:id',
    { ...auth, schema: { params: idParams, response: { 200: accountReplySchema } } },
    async (request) => accounts.virtualAccount(me(request), request.params.id),
  );
  app.get(
    '/account/virtual/:id',
    { ...auth, schema: { params: idParams, response: { 200: virtualDepositIntentReplySchema } } },
    async (request) => deposits.intent(me(request), request.params.id),
  );
  app.get(
    '/account/:id',
    { ...auth, schema: { params: idParams, response: { 200: accountReplySchema } } },
    async (request) => accounts.get(me(request), request.params.id),
  );
}
