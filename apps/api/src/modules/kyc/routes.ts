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
import { accountReplySchema, verificationInitiateReplySchema } from '@owo/shared/replies/deposits';

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
    { ...auth, schema: { body: verificationValidateSchema } },
    async (request) => verification.validate(me(request), request.body),
  );
  app.post(
    '/verification/enquiry',
    { ...auth, schema: { body: verificationEnquirySchema } },
    async (request) => verification.enquiry(me(request), request.body),
  );

  app.get('/account', auth, async (request) => accounts.list(me(request)));
  app.post(
    '/account/subaccount',
    {
      ...auth,
      schema: { body: subaccountSchema, response: { 200: accountReplySchema, ...rateLimited } },
    },
    async (request) => accounts.createSubaccount(me(request), request.body),
  );
  /** The same as POST deposit: an intent to pay into the permanent account. */
  app.post('/account/virtual', { ...auth, schema: { body: depositSchema } }, async (request) =>
    deposits.virtual(me(request), request.body.amount),
  );
  app.get<{ Params: { id: string } }>('/account/virtual/account/:id', auth, async (request) =>
    accounts.virtualAccount(me(request), request.params.id),
  );
  app.get<{ Params: { id: string } }>('/account/virtual/:id', auth, async (request) =>
    deposits.intent(me(request), request.params.id),
  );
  app.get<{ Params: { id: string } }>('/account/:id', auth, async (request) =>
    accounts.get(me(request), request.params.id),
  );
}
