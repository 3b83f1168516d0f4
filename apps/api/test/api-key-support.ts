import { eq } from 'drizzle-orm';
import { apiKeys, users } from '../src/db/schema';
import { generateKey, type KeyMode } from '../src/modules/developer/key-format';
import type { TestApp } from './harness';

/**
 * Reseller API keys for tests, made the way the key screens make them (generateKey, one
 * api_keys row), until those screens' routes exist to call.
 */
export interface TestKey {
  id: string;
  secret: string;
}

export async function createApiKey(
  t: TestApp,
  userId: string,
  options: { mode?: KeyMode; scopes?: ('read' | 'purchase')[]; allowedIps?: string[] } = {},
): Promise<TestKey> {
  const key = generateKey(options.mode ?? 'test');
  const [row] = await t.deps.database.db
    .insert(apiKeys)
    .values({
      userId,
      name: 'test integration',
      mode: options.mode ?? 'test',
      prefix: key.prefix,
      keyDigest: key.digest,
      scopes: options.scopes ?? ['read', 'purchase'],
      allowedIps: options.allowedIps ?? [],
    })
    .returning({ id: apiKeys.id });
  return { id: row!.id, secret: key.secret };
}

export async function revokeApiKey(t: TestApp, id: string) {
  await t.deps.database.db
    .update(apiKeys)
    .set({ revokedAt: t.clock.now() })
    .where(eq(apiKeys.id, id));
}

/** API keys buy only for a KYC-verified wallet (decision 0087). */
export async function verifyWallet(t: TestApp, userId: string) {
  await t.deps.database.db.update(users).set({ isKycVerified: true }).where(eq(users.id, userId));
}

/**
 * A request to the reseller API with a key. No Idempotency-Key is added (the body's reference
 * is the key); the test sets one itself where it means to.
 */
export function callApi(
  t: TestApp,
  key: TestKey | string,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.request({
    method,
    url,
    token: typeof key === 'string' ? key : key.secret,
    noIdempotencyKey: true,
    headers,
    ...(payload ? { payload } : {}),
  });
}
