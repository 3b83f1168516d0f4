import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { beneficiaries, transactions, users } from '../../db/schema';

export type BeneficiaryRow = typeof beneficiaries.$inferSelect;
export type NewBeneficiary = typeof beneficiaries.$inferInsert;

/** A past order's fields the recents are read from (metadata as it was stored). */
export interface PastOrderRow {
  serviceType: string;
  type: 'debit' | 'credit';
  metadata: Record<string, unknown>;
  createdAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The history rows that name a number someone else receives. */
export const RECENT_SERVICE_TYPES = [
  'airtime',
  'data',
  'electricity',
  'cable',
  'betting',
  'transfer',
] as const;

/** The SQL of saved beneficiaries, and the read of the customer's own past orders. */
export const beneficiariesRepository = {
  async listOf(db: DbOrTx, userId: string, kind?: BeneficiaryRow['kind']) {
    return db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.userId, userId), kind ? eq(beneficiaries.kind, kind) : undefined))
      .orderBy(desc(beneficiaries.createdAt), desc(beneficiaries.id));
  },

  /** The caller's row, or undefined for anyone else's (and for an id that is not a uuid). */
  async ownedBy(db: DbOrTx, userId: string, id: string): Promise<BeneficiaryRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.id, id), eq(beneficiaries.userId, userId)))
      .limit(1);
    return row;
  },

  /** Serialises one customer's creates so the cap holds under a burst. */
  async lockOwner(tx: DbOrTx, userId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },

  async countOf(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(beneficiaries)
      .where(eq(beneficiaries.userId, userId));
    return Number(row?.n ?? 0);
  },

  async findSame(
    db: DbOrTx,
    values: Pick<NewBeneficiary, 'userId' | 'kind' | 'provider' | 'number'>,
  ) {
    const [row] = await db
      .select({ id: beneficiaries.id })
      .from(beneficiaries)
      .where(
        and(
          eq(beneficiaries.userId, values.userId),
          eq(beneficiaries.kind, values.kind),
          eq(beneficiaries.provider, values.provider ?? ''),
          eq(beneficiaries.number, values.number),
        ),
      )
      .limit(1);
    return row;
  },

  async insert(tx: DbOrTx, values: NewBeneficiary): Promise<BeneficiaryRow> {
    const [row] = await tx.insert(beneficiaries).values(values).returning();
    if (!row) throw new Error('insert returned no beneficiary');
    return row;
  },

  async rename(db: DbOrTx, userId: string, id: string, label: string, now: Date) {
    if (!UUID.test(id)) return undefined;
    const [row] = await db
      .update(beneficiaries)
      .set({ label, updatedAt: now })
      .where(and(eq(beneficiaries.id, id), eq(beneficiaries.userId, userId)))
      .returning();
    return row;
  },

  async remove(db: DbOrTx, userId: string, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const rows = await db
      .delete(beneficiaries)
      .where(and(eq(beneficiaries.id, id), eq(beneficiaries.userId, userId)))
      .returning({ id: beneficiaries.id });
    return rows.length > 0;
  },

  /**
   * The caller's latest orders that name a number (failed ones left out: a mistyped number is
   * not worth offering again), newest first. Read through the (user_id, created_at) index.
   */
  async pastOrders(db: DbOrTx, userId: string, limit: number): Promise<PastOrderRow[]> {
    const rows = await db
      .select({
        serviceType: transactions.serviceType,
        type: transactions.type,
        metadata: transactions.metadata,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, userId),
          inArray(transactions.serviceType, [...RECENT_SERVICE_TYPES]),
          ne(transactions.status, 'failed'),
          sql`not (${transactions.serviceType} = 'transfer' and ${transactions.type} = 'credit')`,
        ),
      )
      .orderBy(desc(transactions.createdAt))
      .limit(limit);
    return rows;
  },
};
