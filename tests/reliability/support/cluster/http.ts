/** A reply from an API process, read whole. */
export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies of every route
  body: any;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (webhooks: the exact signed bytes). */
  raw?: string;
  headers?: Record<string, string>;
  /** Give up after this long (default 60 s): a hung server fails the test instead of stalling it. */
  timeoutMs?: number;
}

/** One HTTP call to an origin (a process or the proxy), as a browser would make it. */
export async function call(
  origin: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.raw !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = options.raw;
  }
  const res = await fetch(`${origin}${path}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (the webhook's plain "success"): keep the text
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
