import { request } from 'undici';

/**
 * The one place the adapters touch the network. It never throws: a supplier call either produced
 * an HTTP reply (maybe not JSON) or did not (timeout, refused, reset), and the adapters decide
 * what each means for their supplier.
 */
export type SupplierReply =
  | {
      kind: 'reply';
      status: number;
      /** The parsed body, or undefined when the body is not JSON. */
      json: unknown;
      text: string;
    }
  | { kind: 'no-reply'; timedOut: boolean; reason: string };

export interface SupplierCall {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}

/** Replies longer than this are cut before logging; no supplier sends anything this large. */
const MAX_TEXT_CHARS = 200_000;

export async function callSupplier(call: SupplierCall): Promise<SupplierReply> {
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  try {
    // undici's request rather than the global fetch: the same client underneath without the
    // WHATWG Request/Response and stream layers, about a quarter of the CPU per call, and a
    // supplier call is on every purchase (docs/performance.md). The signal covers the body too,
    // so a supplier that sends headers and then stalls still counts as a timeout.
    const response = await request(call.url, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    const text = (await response.body.text()).slice(0, MAX_TEXT_CHARS);
    return { kind: 'reply', status: response.statusCode, json: parseJson(text), text };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    const reason = timedOut
      ? `no answer within ${call.timeoutMs} ms`
      : `network error: ${errorText(error)}`;
    return { kind: 'no-reply', timedOut, reason };
  }
}

/** The socket's own code (ECONNREFUSED, UND_ERR_SOCKET, ...) with its message, and a cause where one is wrapped. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as Error & { code?: unknown }).code;
  const own = `${typeof code === 'string' ? `${code}: ` : ''}${error.message}`;
  const cause = error.cause;
  return cause instanceof Error ? `${own} (${cause.message})` : own;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Resolves a supplier path against a base URL whether or not the base ends with a slash. */
export function supplierUrl(baseUrl: string, path: string): URL {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return new URL(path.replace(/^\/+/, ''), base);
}

/** Short text for logs: what kind of answer the supplier gave. */
export function describeReply(reply: SupplierReply): string {
  if (reply.kind === 'no-reply') return reply.reason;
  const snippet = reply.text.replace(/\s+/g, ' ').trim().slice(0, 120);
  return `HTTP ${reply.status}${reply.json === undefined ? ' (not JSON)' : ''}: ${snippet}`;
}

/** The raw value an outcome carries: the parsed body, or the text/reason when there is none. */
export function rawOf(reply: SupplierReply): unknown {
  if (reply.kind === 'no-reply') return { error: reply.reason };
  return reply.json === undefined ? { status: reply.status, body: reply.text } : reply.json;
}
