import type { FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../../plugins/authenticate';
import { readIdempotencyKey, type RequestContext } from './idempotency';
import type { StoredReply } from './replies';

/** Each money request's body as the client sent it, before its schema's output replaced it. */
const sentBodies = new WeakMap<FastifyRequest, unknown>();

/**
 * Route options of every route that moves a customer's money, run before the route's schema:
 * the Idempotency-Key header is checked first (a missing or malformed key is refused for that,
 * whatever the body holds), and the body as sent is kept for the idempotency hash, so a key
 * stored before schemas were applied by fastify still matches its retry (decision 0071).
 */
export const moneyRoute = {
  preValidation: async (request: FastifyRequest) => {
    readIdempotencyKey(request.headers['idempotency-key']);
    sentBodies.set(request, request.body);
  },
};

/**
 * The caller, the body as sent and the Idempotency-Key header. `route` names the request in the
 * idempotency hash; it defaults to the registered URL, and routes whose stored hashes use another
 * name pass that name. Only for routes registered with `moneyRoute`.
 */
export function requestContext(
  request: FastifyRequest,
  route: string = request.routeOptions.url ?? request.url,
): RequestContext {
  if (!sentBodies.has(request)) throw new Error(`${route}: register it with moneyRoute`);
  const { user } = authOf(request);
  return {
    userId: user.id,
    priceTier: user.priceTier,
    route,
    body: sentBodies.get(request),
    idempotencyKey: readIdempotencyKey(request.headers['idempotency-key']),
  };
}

/** Sends a stored reply (the first one, when a key is replayed) with its own status. */
export const sendStored = (reply: FastifyReply, result: StoredReply) =>
  reply.status(result.status).send(result.body);
