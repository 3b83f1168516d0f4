import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { apiKeys, purchases } from '../src/db/schema';
import { generateKey } from '../src/modules/developer/key-format';
import { webhookSecretOf } from '../src/modules/developer/webhook-secret';
import type { TestApp } from './harness';

/**
 * What the webhook tests share: keys and API orders made by writing their rows (the key routes
 * and the public API are other modules'), a local endpoint that records what it is sent, and the
 * signature check as docs/webhooks.md tells resellers to write it.
 */

export async function insertKey(
  t: TestApp,
  userId: string,
  webhookUrl: string | null,
): Promise<{ id: string }> {
  const key = generateKey('test');
  const [row] = await t.deps.database.db
    .insert(apiKeys)
    .values({
      userId,
      name: 'Shop bot',
      mode: 'test',
      prefix: key.prefix,
      keyDigest: key.digest,
      scopes: ['read', 'purchase'],
      webhookUrl,
    })
    .returning({ id: apiKeys.id });
  return row!;
}

/** Makes an open app order an API order of `keyId`, as the public API's reserve would have. */
export async function markApiOrder(
  t: TestApp,
  transactionId: string,
  keyId: string,
  clientReference: string,
) {
  await t.deps.database.db
    .update(purchases)
    .set({ apiKeyId: keyId, clientReference })
    .where(eq(purchases.transactionId, transactionId));
}

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A reseller's endpoint on 127.0.0.1: answers each post with the next status (then 200). */
export async function startEndpoint() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/owo`,
    received,
    /** The statuses the next posts get, in order. */
    answerNext(...codes: number[]) {
      statuses.push(...codes);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The documented check (docs/webhooks.md): v1 = hex HMAC-SHA256(secret, `${timestamp}.${body}`). */
export function signatureHolds(secret: string, received: Received): boolean {
  const timestamp = String(received.headers['owo-timestamp'] ?? '');
  const given = String(received.headers['owo-signature'] ?? '');
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${received.body}`).digest('hex')}`;
  return (
    given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}

export const secretOf = (t: TestApp, keyId: string) =>
  webhookSecretOf(t.deps.config.sessionSecret, keyId);
