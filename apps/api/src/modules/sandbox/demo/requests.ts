/**
 * The demo drives the app through its own HTTP routes (app.inject): every naira it shows moved
 * through the same services, ledger transfers and supplier adapters a customer's would.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';

export interface Reply {
  statusCode: number;
  body: string;
  json(): unknown;
}

/** The `data` of a reply of ours ({success, message, data}). */
export function dataOf<T>(reply: Reply): T {
  return (reply.json() as { data: T }).data;
}

export function requester(app: FastifyInstance) {
  return async function call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    options: { token?: string; payload?: unknown; headers?: Record<string, string> } = {},
    accept: number[] = [200],
  ): Promise<Reply> {
    const reply = await app.inject({
      method,
      url,
      payload: options.payload as InjectOptions['payload'],
      headers: {
        // One key per payment, as the app sends: the money routes require one, and the demo
        // never retries, so each call is its own order.
        ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
        ...options.headers,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
    });
    if (!accept.includes(reply.statusCode)) {
      throw new Error(`demo: ${method} ${url} answered ${reply.statusCode}: ${reply.body}`);
    }
    return reply as Reply;
  };
}

export type Call = ReturnType<typeof requester>;

/** A multipart/form-data body with one file (RFC 7578 framing), for the swap screenshot. */
export function oneFile(field: string, filename: string, type: string, data: Buffer) {
  const boundary = `----owo-demo-${Date.now().toString(36)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
