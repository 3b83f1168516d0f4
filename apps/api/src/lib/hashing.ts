import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (docs/decisions/0004). */
const argon2Options = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, unusable with isolatedModules */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, argon2Options);
}

export async function verifySecret(hashed: string, secret: string): Promise<boolean> {
  try {
    return await verify(hashed, secret);
  } catch {
    return false;
  }
}

/** A valid argon2id hash of nothing anybody knows: verifying it costs as much as a real check. */
let decoyHash: Promise<string> | undefined;
export function decoy(): Promise<string> {
  decoyHash ??= hashSecret(`decoy-${Math.random()}`);
  return decoyHash;
}

/** Short codes are keyed with the server secret: without it, a leaked table reveals nothing. */
export function keyedDigest(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Bearer tokens are stored as their SHA-256: a database dump cannot be replayed. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
