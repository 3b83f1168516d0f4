import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { readIdempotencyKey } from './idempotency';
import type { StoredReply } from './replies';

/** The purchase endpoints of spec §7, both families. Thin: validate, call the service, reply. */
export function purchaseRoutes(app: FastifyInstance, { purchases, guards }: Services) {
  const auth = { onRequest: guards.requireUser };
  const ctx = (request: FastifyRequest) => ({
    userId: authOf(request).user.id,
    route: request.routeOptions.url ?? request.url,
    body: request.body,
    idempotencyKey: readIdempotencyKey(request.headers['idempotency-key']),
  });
  const send = (reply: FastifyReply, result: StoredReply) =>
    reply.status(result.status).send(result.body);

  app.post('/transactions/airtime', auth, async (r, reply) =>
    send(reply, await purchases.inhouseAirtime(ctx(r), parse(inhouseAirtimeSchema, r.body))),
  );
  app.post('/transactions/data', auth, async (r, reply) =>
    send(reply, await purchases.inhouseData(ctx(r), parse(inhouseDataSchema, r.body))),
  );
  app.post<{ Params: { supplier: string } }>(
    '/transactions/data/:supplier',
    auth,
    async (r, reply) =>
      send(
        reply,
        await purchases.supplierData(
          { ...ctx(r), route: `/transactions/data/${r.params.supplier}` },
          r.params.supplier,
          parse(supplierDataSchema, r.body),
        ),
      ),
  );
  app.post('/transactions/cable-tv', auth, async (r, reply) =>
    send(reply, await purchases.inhouseCable(ctx(r), parse(inhouseCableSchema, r.body))),
  );
  app.post('/transactions/utility', auth, async (r, reply) =>
    send(reply, await purchases.inhouseUtility(ctx(r), parse(inhouseUtilitySchema, r.body))),
  );

  app.post('/vtpass/data', auth, async (r, reply) =>
    send(reply, await purchases.providerData(ctx(r), parse(providerDataSchema, r.body))),
  );
  app.post('/vtpass/airtime', auth, async (r, reply) =>
    send(reply, await purchases.providerAirtime(ctx(r), parse(providerAirtimeSchema, r.body))),
  );
  app.post('/vtpass/tv-plans', auth, async (r, reply) =>
    send(reply, await purchases.providerTv(ctx(r), parse(providerTvSchema, r.body))),
  );
  app.post('/vtpass/utility', auth, async (r, reply) =>
    send(reply, await purchases.providerUtility(ctx(r), parse(providerUtilitySchema, r.body))),
  );
  app.post('/vtpass/smartcard-verify', auth, async (r) =>
    purchases.verifySmartcard(parse(smartcardVerifySchema, r.body)),
  );
  app.post('/vtpass/verify-meter-number', auth, async (r) =>
    purchases.verifyMeter(parse(meterVerifySchema, r.body)),
  );
}
