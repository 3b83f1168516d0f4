import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { apiKeys } from '../../db/schema-developer';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The SQL of the customer's own API keys (Profile → Developer). */
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
};
