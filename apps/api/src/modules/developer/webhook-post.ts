import http from 'node:http';
import https from 'node:https';
import { isInternalAddress, literalAddressOf, publicOnlyLookup } from './webhook-target';

/** What one post came to: the HTTP status answered, or why there was none. */
export type PostOutcome = { status: number } | { error: string };

export interface PostOptions {
  /** Live mode: internal addresses are refused (sandbox posts to localhost in tests). */
  publicOnly: boolean;
  timeoutMs: number;
}

/** How much of an answer is read (and thrown away) before the connection is let go. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs one webhook: never follows a redirect (a 3xx is an answer like any other non-2xx), gives
 * up after `timeoutMs` in all, and reads at most a little of the answer (only its status counts).
 */
export function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<PostOutcome> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve({ error: 'The webhook URL is not a valid URL.' });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return Promise.resolve({ error: 'The webhook URL is not http or https.' });
  }
  const literal = literalAddressOf(url);
  if (options.publicOnly && literal && isInternalAddress(literal)) {
    return Promise.resolve({ error: 'The webhook URL points at an internal address.' });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: options.publicOnly ? publicOnlyLookup : undefined,
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        response.on('close', () => finish({ status }));
        response.on('error', () => finish({ status }));
      },
    );
    const timer = setTimeout(() => {
      finish({ error: `No answer within ${options.timeoutMs / 1000} s.` });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) => finish({ error: error.message.slice(0, 300) }));
    request.end(body);
  });
}
