import { asc, count, eq, sql } from 'drizzle-orm';
import type { TierDiscounts } from '@owo/shared/price-tiers';
import type { DbOrTx } from '../../db/client';
import { priceTiers, users } from '../../db/schema';

export type PriceTierRow = typeof priceTiers.$inferSelect;

export const discountsOf = (row: PriceTierRow): TierDiscounts => ({
  data: row.dataBps,
  airtime: row.airtimeBps,
  cable: row.cableBps,
  electricity: row.electricityBps,
  betting: row.bettingBps,
});

export const priceTiersRepository = {
  /** The customer's tier with its discounts, in one query (the user's row joined to its tier). */
  async forUser(db: DbOrTx, userId: string): Promise<PriceTierRow | undefined> {
    const [row] = await db
      .select({ tier: priceTiers })
      .from(users)
      .innerJoin(priceTiers, eq(priceTiers.code, users.priceTier))
      .where(eq(users.id, userId))
      .limit(1);
    return row?.tier;
  },

  /** Every tier (a handful of rows), for the process's cache (tier-cache.ts). */
  async all(db: DbOrTx): Promise<PriceTierRow[]> {
    return db.select().from(priceTiers);
  },

  async find(db: DbOrTx, code: string, forUpdate = false): Promise<PriceTierRow | undefined> {
    const query = db.select().from(priceTiers).where(eq(priceTiers.code, code)).limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  /** Every tier with how many customers are on it, standard first. */
  async listWithCounts(db: DbOrTx) {
    return db
      .select({ tier: priceTiers, customers: count(users.id) })
      .from(priceTiers)
      .leftJoin(users, eq(users.priceTier, priceTiers.code))
      .groupBy(priceTiers.code)
      .orderBy(sql`${priceTiers.code} <> 'standard'`, asc(priceTiers.name));
  },

  async customers(db: DbOrTx, code: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(users).where(eq(users.priceTier, code));
    return row?.n ?? 0;
  },

  async setDiscounts(
    db: DbOrTx,
    code: string,
    d: TierDiscounts,
    by: string | null,
    at: Date,
  ): Promise<PriceTierRow | undefined> {
    const [row] = await db
      .update(priceTiers)
      .set({
        dataBps: d.data,
        airtimeBps: d.airtime,
        cableBps: d.cable,
        electricityBps: d.electricity,
        bettingBps: d.betting,
        updatedAt: at,
        updatedBy: by,
      })
      .where(eq(priceTiers.code, code))
      .returning();
    return row;
  },

  /** The customer's tier before the change (locked), or undefined when there is no such user. */
  async userTierForUpdate(db: DbOrTx, userId: string) {
    const [row] = await db
      .select({ priceTier: users.priceTier, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
      .limit(1);
    return row;
  },

  async setUserTier(db: DbOrTx, userId: string, code: string, at: Date): Promise<void> {
    await db.update(users).set({ priceTier: code, updatedAt: at }).where(eq(users.id, userId));
  },
};
