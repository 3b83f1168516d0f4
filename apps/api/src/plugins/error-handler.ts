import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, errorBody, errorCatalogue, type ErrorCode } from '../errors';
import { isDatabaseUnavailable } from '../db/connection-errors';

/** Seconds a client should wait before retrying when the database is unreachable. */
const DATABASE_RETRY_AFTER_S = 5;

/** Fastify's own client errors mapped onto our catalogue. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
};

/** One place turns every error into a reply; a 5xx never carries internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterS !== undefined) reply.header('retry-after', String(error.retryAfterS));
      return reply
        .status(error.status)
        .send(errorBody(error.code, error.message, error.errors, error.details));
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) {
      const entry = errorCatalogue[mapped];
      return reply.status(entry.status).send(errorBody(mapped, entry.message));
    }
    if (isDatabaseUnavailable(error)) {
      // The open transaction rolled back; a step committed before it (a purchase's reserve) is
      // finished by the reconciler or replayed under the same Idempotency-Key: safe to retry.
      request.log.warn({ err: error }, 'database unavailable');
      const entry = errorCatalogue.DATABASE_UNAVAILABLE;
      return reply
        .status(entry.status)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send(errorBody('DATABASE_UNAVAILABLE', entry.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED';
      return reply.status(status).send(errorBody(code, errorCatalogue[code].message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', errorCatalogue.INTERNAL.message));
  });
}
