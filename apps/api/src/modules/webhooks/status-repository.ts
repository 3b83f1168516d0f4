import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { supplierWebhooks } from '../../db/schema';

/** How stale `last_verified_at` may be before a verified event writes it again. */
const FRESH_MS = 60_000;

export type SupplierWebhookRow = typeof supplierWebhooks.$inferSelect;

/** Suppliers' signed webhooks as we saw them arrive: verified, or refused (decision 0045). */
export const supplierWebhooksRepository = {
  /**
   * An event whose signature verified: the first such time is kept, the last one moves on. Read
   * first, without a lock: deposits' notifications come in bursts, and one row for all of them
   * would make every one wait on the others. The last time is kept to the minute.
   */
  async recordVerified(db: DbOrTx, supplier: string, at: Date): Promise<void> {
    const seen = await this.read(db, supplier);
    const last = seen?.lastVerifiedAt?.getTime();
    if (seen?.firstVerifiedAt && last !== undefined && at.getTime() - last < FRESH_MS) return;
    await db
      .insert(supplierWebhooks)
      .values({ supplier, firstVerifiedAt: at, lastVerifiedAt: at })
      .onConflictDoUpdate({
        target: supplierWebhooks.supplier,
        set: {
          firstVerifiedAt: sql`coalesce(${supplierWebhooks.firstVerifiedAt}, excluded.first_verified_at)`,
          lastVerifiedAt: sql`greatest(${supplierWebhooks.lastVerifiedAt}, excluded.last_verified_at)`,
        },
      });
  },

  /** An event whose signature did not verify (a wrong key, or not the supplier at all). */
  async recordRefused(db: DbOrTx, supplier: string, at: Date): Promise<void> {
    await db
      .insert(supplierWebhooks)
      .values({ supplier, lastRefusedAt: at, refusedCount: 1 })
      .onConflictDoUpdate({
        target: supplierWebhooks.supplier,
        set: {
          lastRefusedAt: sql`greatest(${supplierWebhooks.lastRefusedAt}, excluded.last_refused_at)`,
          refusedCount: sql`${supplierWebhooks.refusedCount} + 1`,
        },
      });
  },

  async read(db: DbOrTx, supplier: string): Promise<SupplierWebhookRow | undefined> {
    const [row] = await db
      .select()
      .from(supplierWebhooks)
      .where(eq(supplierWebhooks.supplier, supplier))
      .limit(1);
    return row;
  },

  async all(db: DbOrTx): Promise<SupplierWebhookRow[]> {
    return db.select().from(supplierWebhooks);
  },
};
