import type { FastifyInstance } from 'fastify';
import { depositSchema } from '@owo/shared/schemas/deposits';
import {
  subaccountSchema,
  verificationEnquirySchema,
  verificationInitiateSchema,
  verificationValidateSchema,
} from '@owo/shared/schemas/kyc';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';

/** Spec §7 "Verification and accounts". Every id is checked against the caller in the service. */
export function kycRoutes(
  app: FastifyInstance,
  { verification, accounts, deposits, guards }: Services,
) {
  const auth = { onRequest: guards.requireUser };
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  app.post(
    '/verification/initiate',
    { ...auth, schema: { body: verificationInitiateSchema } },
    async (request) =>
      verification.initiate(me(request), parse(verificationInitiateSchema, request.body)),
  );
  app.post(
    '/verification/validate',
    { ...auth, schema: { body: verificationValidateSchema } },
    async (request) =>
      verification.validate(me(request), parse(verificationValidateSchema, request.body)),
  );
  app.post(
    '/verification/enquiry',
    { ...auth, schema: { body: verificationEnquirySchema } },
    async (request) =>
      verification.enquiry(me(request), parse(verificationEnquirySchema, request.body)),
  );

  app.get('/account', auth, async (request) => accounts.list(me(request)));
  app.post(
    '/account/subaccount',
    { ...auth, schema: { body: subaccountSchema } },
    async (request) =>
      accounts.createSubaccount(me(request), parse(subaccountSchema, request.body)),
  );
  /** The same as POST deposit: an intent to pay into the permanent account. */
  app.post('/account/virtual', { ...auth, schema: { body: depositSchema } }, async (request) =>
    deposits.virtual(me(request), parse(depositSchema, request.body).amount),
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
