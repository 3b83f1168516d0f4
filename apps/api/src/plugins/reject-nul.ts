import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * True when any text in a parsed request part (strings, and the keys of objects) holds U+0000.
 * Walks with its own stack: a body may nest thousands of levels deep within the 64 kB limit.
 */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const inner of item) stack.push(inner);
    } else if (item && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL refuses U+0000 in text ("invalid byte sequence"), so a request carrying one used to
 * fail as a 500 wherever its text first reached a query (found by the fuzzer: an e-mail
 * with a NUL, a deposit session id with %00). No field of this API can hold it: refused here, for
 * every route, before the route's schema is checked (so the NUL is what the reply names).
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new AppError('VALIDATION_FAILED', {
        message: 'The request contains a character that is not allowed (NUL).',
      });
    }
  });
}
