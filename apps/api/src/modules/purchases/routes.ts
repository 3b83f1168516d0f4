import type { FastifyInstance } from 'fastify';
import {
  inhouseAirtimeSchema,
  inhouseCableSchema,
  inhouseDataSchema,
  inhouseUtilitySchema,
  meterVerifySchema,
  providerAirtimeSchema,
  providerDataSchema,
  providerTvSchema,
  providerUtilitySchema,
  smartcardVerifySchema,
  supplierDataSchema,
} from '@owo/shared/schemas/purchases';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { purchaseReply } from '../openapi/reply-schemas';
import { requestContext, sendStored } from './route-context';

/** The purchase endpoints of spec §7, both families. Thin: validate, call the service, reply. */
export function purchaseRoutes(app: FastifyInstance, { purchases, guards }: Services) {
  const auth = { onRequest: guards.requireUser };
  // Documented replies of a purchase: delivered (200) or processing at the supplier (202);
  // refusals answer the error body.
  const purchased = { 200: purchaseReply, 202: purchaseReply };

  app.post(
    '/transactions/airtime',
    { ...auth, schema: { body: inhouseAirtimeSchema, response: purchased } },
    async (r, reply) =>
      sendStored(
        reply,
        await purchases.inhouseAirtime(requestContext(r), parse(inhouseAirtimeSchema, r.body)),
      ),
  );
  app.post(
    '/transactions/data',
    { ...auth, schema: { body: inhouseDataSchema, response: purchased } },
    async (r, reply) =>
      sendStored(
        reply,
        await purchases.inhouseData(requestContext(r), parse(inhouseDataSchema, r.body)),
      ),
  );
  app.post<{ Params: { supplier: string } }>(
    '/transactions/data/:supplier',
    { ...auth, schema: { body: supplierDataSchema, response: purchased } },
    async (r, reply) =>
      sendStored(
        reply,
        await purchases.supplierData(
          requestContext(r, `/transactions/data/${r.params.supplier}`),
          r.params.supplier,
          parse(supplierDataSchema, r.body),
        ),
      ),
  );
  app.post(
    '/transactions/cable-tv',
    { ...auth, schema: { body: inhouseCableSchema, response: purchased } },
    async (r, reply) =>
      sendStored(
        reply,
        await purchases.inhouseCable(requestContext(r), parse(inhouseCableSchema, r.body)),
      ),
  );
  app.post(
    '/transactions/utility',
    { ...auth, schema: { body: inhouseUtilitySchema, response: purchased } },
    async (r, reply) =>
      sendStored(
        reply,
        await purchases.inhouseUtility(requestContext(r), parse(inhouseUtilitySchema, r.body)),
      ),
  );

  app.post(
    '/vtpass/data',
    { ...auth, schema: { body: providerDataSchema, response: purchased } },
    async (r, reply) =>
      sendStored(
        reply,
        await purchases.providerData(requestContext(r), parse(providerDataSchema, r.body)),
      ),
  );
  app.post(
    '/vtpass/airtime',
    { ...auth, schema: { body: providerAirtimeSchema, response: purchased } },
    async (r, reply) =>
      sendStored(
        reply,
        await purchases.providerAirtime(requestContext(r), parse(providerAirtimeSchema, r.body)),
      ),
  );
  app.post(
    '/vtpass/tv-plans',
    { ...auth, schema: { body: providerTvSchema, response: purchased } },
    async (r, reply) =>
      sendStored(
        reply,
        await purchases.providerTv(requestContext(r), parse(providerTvSchema, r.body)),
      ),
  );
  app.post(
    '/vtpass/utility',
    { ...auth, schema: { body: providerUtilitySchema, response: purchased } },
    async (r, reply) =>
      sendStored(
        reply,
        await purchases.providerUtility(requestContext(r), parse(providerUtilitySchema, r.body)),
      ),
  );
  app.post(
    '/vtpass/smartcard-verify',
    { ...auth, schema: { body: smartcardVerifySchema } },
    async (r) => purchases.verifySmartcard(authOf(r).user.id, parse(smartcardVerifySchema, r.body)),
  );
  app.post(
    '/vtpass/verify-meter-number',
    { ...auth, schema: { body: meterVerifySchema } },
    async (r) => purchases.verifyMeter(authOf(r).user.id, parse(meterVerifySchema, r.body)),
  );
}
