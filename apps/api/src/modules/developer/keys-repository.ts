import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { apiKeys } from '../../db/schema-developer';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;

/** What the key guard needs of a key: the key's row and whether its owner may still act. */
export interface KeyForGuard {
  id: string;
  userId: string;
  mode: 'live' | 'test';
  scopes: string[];
  allowedIps: string[];
  revokedAt: Date | null;
  userActive: boolean;
  /** The owner's price tier (decision 0090): their orders are priced by it. */
  priceTier: string;
}

/** How often a key's use is written: at most once a minute per key, not once per request. */
export const LAST_USED_EVERY_MS = 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The SQL of API keys: the customer's own management of them (Profile → Developer) and the
 * public API's key guard (decision 0087).
 */
export const apiKeysRepository = {
  async listOf(db: DbOrTx, userId: string): Promise<ApiKeyRow[]> {
    return db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.userId, userId))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  },

  /** The caller's key, or undefined for anyone else's (and for an id that is not a uuid). */
  async ownedBy(db: DbOrTx, userId: string, id: string): Promise<ApiKeyRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
      .limit(1);
    return row;
  },

  /**
   * Locks the owner's row (serialising their key changes, so the cap holds under a burst) and
   * reads whether their wallet is verified under that lock.
   */
  async lockOwner(tx: DbOrTx, userId: string): Promise<{ isKycVerified: boolean } | undefined> {
    const [row] = await tx
      .select({ isKycVerified: users.isKycVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row;
  },

  async countLive(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    return Number(row?.n ?? 0);
  },

  async insert(tx: DbOrTx, values: NewApiKey): Promise<ApiKeyRow> {
    const [row] = await tx.insert(apiKeys).values(values).returning();
    if (!row) throw new Error('insert returned no api key');
    return row;
  },

  /** Changes an unrevoked key of the owner's; undefined when there is none (or it is revoked). */
  async update(
    db: DbOrTx,
    userId: string,
    id: string,
    values: Partial<Pick<NewApiKey, 'name' | 'allowedIps' | 'webhookUrl'>>,
    now: Date,
  ): Promise<ApiKeyRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db
      .update(apiKeys)
      .set({ ...values, updatedAt: now })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning();
    return row;
  },

  /** Revokes the owner's key if it is live; undefined when it already was (or is not theirs). */
  async revoke(db: DbOrTx, userId: string, id: string, now: Date) {
    if (!UUID.test(id)) return undefined;
    const [row] = await db
      .update(apiKeys)
      .set({ revokedAt: now, updatedAt: now })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning();
    return row;
  },

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
        priceTier: users.priceTier,
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
