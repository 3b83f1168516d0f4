import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiKeys } from '../../db/schema-developer';
import { users } from '../../db/schema';

/** What the key guard needs of a key: the key's row and whether its owner may still act. */
export interface KeyForGuard {
  id: string;
  userId: string;
  mode: 'live' | 'test';
  scopes: string[];
  allowedIps: string[];
  revokedAt: Date | null;
  userActive: boolean;
}

/** How often a key's use is written: at most once a minute per key, not once per request. */
export const LAST_USED_EVERY_MS = 60_000;

/** The SQL of the public API's key guard (decision 0087). */
export const apiKeysRepository = {
  /** The key with this SHA-256 digest (one unique-index read), with its owner's standing. */
  async findByDigest(db: DbOrTx, digest: string): Promise<KeyForGuard | undefined> {
    const [row] = await db
      .select({
        id: apiKeys.id,
        userId: apiKeys.userId,
        mode: apiKeys.mode,
        scopes: apiKeys.scopes,
        allowedIps: apiKeys.allowedIps,
        revokedAt: apiKeys.revokedAt,
        userActive: sql<boolean>`${users.status} = 'active'`,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(eq(apiKeys.keyDigest, digest))
      .limit(1);
    return row;
  },

  /**
   * Records the key's use, unless it was recorded less than a minute ago: a conditional UPDATE,
   * so a busy key costs one write a minute, and concurrent requests write at most once.
   */
  async touch(db: DbOrTx, id: string, ip: string, now: Date): Promise<void> {
    const stale = new Date(now.getTime() - LAST_USED_EVERY_MS);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now, lastUsedIp: ip })
      .where(
        and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))),
      );
  },
};
