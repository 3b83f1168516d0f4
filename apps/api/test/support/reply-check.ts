import { z } from 'zod';

interface RouteSchemaView {
  method: string | string[];
  url?: string;
  schema?: unknown;
}

/** The reply schema a route declared for `status`: its own, else `default` for a refusal. */
function declaredReply(schema: unknown, status: number): z.core.$ZodType | undefined {
  const response = (schema as { response?: Record<string, unknown> } | undefined)?.response;
  const declared = response?.[String(status)] ?? (status >= 400 ? response?.default : undefined);
  return declared instanceof z.core.$ZodType ? declared : undefined;
}

/**
 * Why a reply does not fit the schema its route declared for its status, or undefined when it
 * fits (or the route declared none, or the reply is not JSON: files, streams, the metrics text).
 * The API tests run every reply through this, so a declared schema is proven by every test that
 * calls the route, not only by the document test that reads it.
 */
export function replyMismatch(
  route: RouteSchemaView,
  status: number,
  contentType: unknown,
  payload: unknown,
): string | undefined {
  const declared = declaredReply(route.schema, status);
  if (!declared || typeof payload !== 'string') return undefined;
  if (!String(contentType ?? '').startsWith('application/json')) return undefined;
  const name = `${[route.method].flat().join(',')} ${route.url} ${status}`;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return `${name}: the reply is not the JSON its content type says`;
  }
  const result = z.safeParse(declared, body);
  if (result.success) return undefined;
  return `${name}: the reply does not fit its declared schema\n${z.prettifyError(result.error)}\n${payload.slice(0, 600)}`;
}
