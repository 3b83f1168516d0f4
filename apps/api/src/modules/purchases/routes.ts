import { z } from 'zod';
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
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { rateLimited } from '../openapi/error-replies';
import { purchaseReplySchema as purchaseReply } from '@owo/shared/replies/transactions';
import { moneyRoute, requestContext, sendStored } from './route-context';
import type { Api } from '../../lib/route-validation';
import { meterVerifyReplySchema, smartcardVerifyReplySchema } from '@owo/shared/replies/lookups';

/** Any name is taken here: the service answers one that names no supplier. */
const supplierPathParams = z.object({ supplier: z.string() });

/** The purchase endpoints of spec §7, both families. Thin: validate, call the service, reply. */
export function purchaseRoutes(app: Api, { purchases, guards }: Services) {
  const auth = { onRequest: guards.requireUser };
  // Documented replies of a purchase: delivered (200) or processing at the supplier (202);
  // refusals answer the error body.
  const purchased = { 200: purchaseReply, 202: purchaseReply };

  app.post(
    '/transactions/airtime',
    { ...auth, ...moneyRoute, schema: { body: inhouseAirtimeSchema, response: purchased } },
    async (r, reply) =>
      sendStored(reply, await purchases.inhouseAirtime(requestContext(r), r.body)),
  );
  app.post(
    '/transactions/data',
    { ...auth, ...moneyRoute, schema: { body: inhouseDataSchema, response: purchased } },
    async (r, reply) => sendStored(reply, await purchases.inhouseData(requestContext(r), r.body)),
  );
  app.post(
    '/transactions/data/:supplier',
    {
      ...auth,
      ...moneyRoute,
      schema: { params: supplierPathParams, body: supplierDataSchema, response: purchased },
    },
    async (r, reply) =>
      sendStored(
        reply,
        await purchases.supplierData(
          requestContext(r, `/transactions/data/${r.params.supplier}`),
          r.params.supplier,
          r.body,
        ),
      ),
  );
  app.post(
    '/transactions/cable-tv',
    { ...auth, ...moneyRoute, schema: { body: inhouseCableSchema, response: purchased } },
    async (r, reply) => sendStored(reply, await purchases.inhouseCable(requestContext(r), r.body)),
  );
  app.post(
    '/transactions/utility',
    { ...auth, ...moneyRoute, schema: { body: inhouseUtilitySchema, response: purchased } },
    async (r, reply) =>
      sendStored(reply, await purchases.inhouseUtility(requestContext(r), r.body)),
  );

  app.post(
    '/vtpass/data',
    { ...auth, ...moneyRoute, schema: { body: providerDataSchema, response: purchased } },
    async (r, reply) => sendStored(reply, await purchases.providerData(requestContext(r), r.body)),
  );
  app.post(
    '/vtpass/airtime',
    { ...auth, ...moneyRoute, schema: { body: providerAirtimeSchema, response: purchased } },
    async (r, reply) =>
      sendStored(reply, await purchases.providerAirtime(requestContext(r), r.body)),
  );
  app.post(
    '/vtpass/tv-plans',
    { ...auth, ...moneyRoute, schema: { body: providerTvSchema, response: purchased } },
    async (r, reply) => sendStored(reply, await purchases.providerTv(requestContext(r), r.body)),
  );
  app.post(
    '/vtpass/utility',
    { ...auth, ...moneyRoute, schema: { body: providerUtilitySchema, response: purchased } },
    async (r, reply) =>
      sendStored(reply, await purchases.providerUtility(requestContext(r), r.body)),
  );
  app.post(
    '/vtpass/smartcard-verify',
    {
      ...auth,
      schema: {
        body: smartcardVerifySchema,
        response: { 200: smartcardVerifyReplySchema, ...rateLimited },
      },
    },
    async (r) => purchases.verifySmartcard(authOf(r).user.id, r.body),
  );
  app.post(
    '/vtpass/verify-meter-number',
    {
      ...auth,
      schema: {
        body: meterVerifySchema,
        response: { 200: meterVerifyReplySchema, ...rateLimited },
      },
    },
    async (r) => purchases.verifyMeter(authOf(r).user.id, r.body),
  );
}
