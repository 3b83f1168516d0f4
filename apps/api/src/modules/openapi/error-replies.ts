import { errorReplySchema } from '@owo/shared/replies/common';

type Access = 'public' | 'user' | 'staff' | 'admin' | 'apikey';

export interface RouteSchema {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  response?: Record<string, unknown>;
}

/** Statuses a refusal of the guards, the schemas or the path can answer on one route. */
export function refusalStatuses(url: string, schema: RouteSchema, access: Access): number[] {
  const statuses: number[] = [];
  // A body, query or path parameter can be refused: VALIDATION_FAILED (or the NUL guard).
  const takesInput = [schema.body, schema.querystring, schema.params].some(Boolean);
  if (takesInput || url.includes(':')) statuses.push(400);
  if (access !== 'public') statuses.push(401);
  if (access === 'staff' || access === 'admin' || access === 'apikey') statuses.push(403);
  // An API key's routes are rate-limited per key (decision 0088).
  if (access === 'apikey') statuses.push(429);
  // An id in the path may name nothing (a malformed one answers the same 404).
  if (url.includes(':')) statuses.push(404);
  return statuses;
}

/**
 * The route's schema with its error replies declared: those its guards, schemas and path
 * parameters can answer (400, 401, 403, 404, as refusalStatuses says), any a route declared
 * itself (429 where it is rate-limited), and `default` for the rest of the error catalogue.
 * All share one body: `{ success: false, code, message, data }`.
 */
export function withErrorReplies<T extends RouteSchema>(
  url: string,
  schema: T | undefined,
  access: Access,
): T {
  const base = (schema ?? {}) as T;
  const response: Record<string, unknown> = { ...base.response };
  for (const status of refusalStatuses(url, base, access)) response[status] ??= errorReplySchema;
  response.default ??= errorReplySchema;
  return { ...base, response };
}

/** Spread into a route's `response` where a limiter can refuse it. */
export const rateLimited = { 429: errorReplySchema } as const;
