import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adminSettings } from '../../db/schema';

/** Admin settings by key. */
export const SETTING_KEYS = {
  /** Discount on electricity purchases, in basis points (250 = 2.5%). */
  utilityDiscountBps: 'utility_discount_bps',
} as const;

export const settingsRepository = {
  async get<T>(db: DbOrTx, key: string): Promise<T | undefined> {
    const [row] = await db
      .select({ value: adminSettings.value })
      .from(adminSettings)
      .where(eq(adminSettings.key, key));
    return row?.value as T | undefined;
  },

  /** Locks the row (creating it with `initial` when missing) and returns its value. */
  async getForUpdate<T>(db: DbOrTx, key: string, initial: T): Promise<T> {
    await db
      .insert(adminSettings)
      .values({ key, value: initial as unknown })
      .onConflictDoNothing();
    const [row] = await db
      .select({ value: adminSettings.value })
      .from(adminSettings)
      .where(eq(adminSettings.key, key))
      .for('update');
    return row?.value as T;
  },

  async set(db: DbOrTx, key: string, value: unknown): Promise<void> {
    await db
      .insert(adminSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: adminSettings.key, set: { value, updatedAt: sql`now()` } });
  },
};
