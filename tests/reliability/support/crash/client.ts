/**
 * The crash tests' HTTP client: real requests over TCP, so a killed server shows up as what a
 * phone would see (the connection cut, no reply), told apart from any reply.
 */

export class ConnectionLost extends Error {}

export interface Reply {
  status: number;
  text: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as is (a signed webhook, a multipart upload). */
  raw?: string | Buffer;
  headers?: Record<string, string>;
}

export async function call(
  base: string,
  method: string,
  url: string,
  options: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined = options.raw;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${base}${url}`, {
      method,
      headers,
      body:
        body === undefined
          ? undefined
          : new Uint8Array(body instanceof Buffer ? body : Buffer.from(body)),
      signal: AbortSignal.timeout(120_000),
    });
    text = await response.text();
  } catch (error) {
    throw new ConnectionLost(`${method} ${url}: ${String((error as Error).cause ?? error)}`);
  }
  return { status: response.status, text, json: () => JSON.parse(text) };
}

/** Polls until `check` holds, or fails naming what it waited for. */
export async function eventually(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
