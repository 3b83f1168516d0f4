import type { FastifyRequest } from 'fastify';
import { historyPageReplySchema } from '@owo/shared/replies/transactions';
import { errorReplySchema } from '@owo/shared/replies/common';
import {
  publicBalanceReplySchema,
  publicCatalogueReplySchema,
  publicPurchase422Schema,
  publicOrderReplySchema,
} from '@owo/shared/replies/public-api';
import {
  publicAirtimeSchema,
  publicBettingSchema,
  publicCableSchema,
  publicDataSchema,
  publicElectricitySchema,
  publicReferenceParams,
} from '@owo/shared/schemas/public-api';
import { AppError } from '../../errors';
import type { Api } from '../../lib/route-validation';
import { apiKeyOf } from '../../plugins/api-key';
import type { Services } from '../../services';
import { sendStored } from '../purchases/route-context';
import { historyQuery } from '../transactions/routes';
import type { ApiCaller } from './service';

/** Each purchase's body as the reseller sent it, for the idempotency hash. */
const sentBodies = new WeakMap<FastifyRequest, unknown>();

/** Refusals every reseller route can answer besides its own: the key guard's and the limits'. */
const keyRefusals = { 401: errorReplySchema, 403: errorReplySchema, 429: errorReplySchema };

/**
 * The caller of a purchase. An Idempotency-Key header is optional (the body's reference is the
 * key); when sent it must be the reference itself, so a client that sets both cannot mean two
 * different things.
 */
function callerOf(request: FastifyRequest, reference: string): ApiCaller {
  const header = request.headers['idempotency-key'];
  if (header !== undefined && header !== reference) {
    throw new AppError('INVALID_IDEMPOTENCY_KEY', {
      message: 'The Idempotency-Key header, when sent, must equal the body’s reference.',
    });
  }
  const key = apiKeyOf(request);
  return {
    keyId: key.id,
    userId: key.userId,
    route: request.routeOptions.url?.replace(/^\/api/, '') ?? request.url,
    sentBody: sentBodies.get(request),
    priceTier: key.priceTier,
  };
}

/**
 * The reseller API under /api/v1 (decisions 0087, 0088): an API key instead of a session and a
 * PIN. Thin: the guard, validation, the service, the reply.
 */
export function publicApiRoutes(
  app: Api,
  { publicApi, apiKeyGuards, apiRates, history }: Services,
) {
  const read = { onRequest: apiKeyGuards.requireApiKey('read') };
  const buying = {
    onRequest: apiKeyGuards.requireApiKey('purchase'),
    preValidation: async (request: FastifyRequest) => {
      sentBodies.set(request, request.body);
    },
  };
  const purchased = {
    200: publicOrderReplySchema,
    202: publicOrderReplySchema,
    422: publicPurchase422Schema,
    ...keyRefusals,
  };

  app.get(
    '/balance',
    { ...read, schema: { response: { 200: publicBalanceReplySchema, ...keyRefusals } } },
    async (r) => publicApi.balance(apiKeyOf(r).userId),
  );
  app.get(
    '/catalogue',
    { ...read, schema: { response: { 200: publicCatalogueReplySchema, ...keyRefusals } } },
    async (r) => publicApi.catalogue(apiKeyOf(r).userId),
  );
  app.get(
    '/transactions',
    {
      ...read,
      schema: {
        querystring: historyQuery,
        response: { 200: historyPageReplySchema, ...keyRefusals },
      },
    },
    async (r) => history.list(apiKeyOf(r).userId, r.query),
  );
  app.get(
    '/purchases/:reference',
    {
      ...read,
      schema: {
        params: publicReferenceParams,
        response: { 200: publicOrderReplySchema, ...keyRefusals },
      },
    },
    async (r) => {
      const key = apiKeyOf(r);
      return publicApi.requery(key.userId, key.id, r.params.reference);
    },
  );

  app.post(
    '/purchases/airtime',
    { ...buying, schema: { body: publicAirtimeSchema, response: purchased } },
    async (r, reply) => {
      const caller = callerOf(r, r.body.reference);
      const result = await apiRates.purchase(() => publicApi.airtime(caller, r.body));
      return sendStored(reply, result);
    },
  );
  app.post(
    '/purchases/data',
    { ...buying, schema: { body: publicDataSchema, response: purchased } },
    async (r, reply) => {
      const caller = callerOf(r, r.body.reference);
      const result = await apiRates.purchase(() => publicApi.data(caller, r.body));
      return sendStored(reply, result);
    },
  );
  app.post(
    '/purchases/electricity',
    { ...buying, schema: { body: publicElectricitySchema, response: purchased } },
    async (r, reply) => {
      const caller = callerOf(r, r.body.reference);
      const result = await apiRates.purchase(() => publicApi.electricity(caller, r.body));
      return sendStored(reply, result);
    },
  );
  app.post(
    '/purchases/cable',
    { ...buying, schema: { body: publicCableSchema, response: purchased } },
    async (r, reply) => {
      const caller = callerOf(r, r.body.reference);
      const result = await apiRates.purchase(() => publicApi.cable(caller, r.body));
      return sendStored(reply, result);
    },
  );
  app.post(
    '/purchases/betting',
    { ...buying, schema: { body: publicBettingSchema, response: purchased } },
    async (r, reply) => {
      const caller = callerOf(r, r.body.reference);
      const result = await apiRates.purchase(() => publicApi.betting(caller, r.body));
      return sendStored(reply, result);
    },
  );
}
