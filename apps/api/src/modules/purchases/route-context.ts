import type { FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../../plugins/authenticate';
import { readIdempotencyKey, type RequestContext } from './idempotency';
import type { StoredReply } from './replies';

/**
 * The caller, the body and the Idempotency-Key header (a malformed key is refused here, before
 * anything happens). `route` names the request in the idempotency hash; it defaults to the
 * registered URL, and routes whose stored hashes use another name pass that name.
 */
export function requestContext(
  request: FastifyRequest,
  route: string = request.routeOptions.url ?? request.url,
): RequestContext {
  return {
    userId: authOf(request).user.id,
    route,
    body: request.body,
    idempotencyKey: readIdempotencyKey(request.headers['idempotency-key']),
  };
}

/** Sends a stored reply (the first one, when a key is replayed) with its own status. */
export const sendStored = (reply: FastifyReply, result: StoredReply) =>
  reply.status(result.status).send(result.body);
