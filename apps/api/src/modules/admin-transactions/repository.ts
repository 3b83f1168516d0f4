import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerTransfers, orderActions, purchases, transactions, users } from '../../db/schema';

export type OrderActionKind = (typeof orderActions.$inferSelect)['action'];

export interface AdminListFilter {
  status?: 'success' | 'pending' | 'failed';
  from?: Date;
  to?: Date;
  /**
   * Free text over the reference, the customer's email and name, and the number the order
   * recharged (phone, meter or smart card, as the purchase stored it in the metadata).
   */
  text?: string;
}

/** The customer columns the admin screen shows (never the password or PIN hashes). */
const customerColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
};

/**
 * A status as the list filters it. No index covers transactions.status (the settlement's update
 * stays HOT only so, decision 0083): success and failed read the created_at index newest first and
 * check each row's status. Pending rows are few and scattered over all time, so they are found
 * through the open orders instead (the partial purchases_open_idx, the one the reconciler reads):
 * only the reserve writes a pending row, with its open order, and only the settlement moves both
 * on, in one statement.
 */
function statusCondition(status: NonNullable<AdminListFilter['status']>): SQL | undefined {
  if (status !== 'pending') return eq(transactions.status, status);
  const open = sql`(select ${purchases.transactionId} from ${purchases}
                     where ${purchases.state} in ('processing', 'pending'))`;
  return and(eq(transactions.status, status), inArray(transactions.id, open));
}

/** The list's WHERE (the export streams the same rows). */
export function whereOf(filter: AdminListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.status) parts.push(statusCondition(filter.status));
  if (filter.from) parts.push(gte(transactions.createdAt, filter.from));
  if (filter.to) parts.push(lt(transactions.createdAt, filter.to));
  if (filter.text) {
    // ILIKE wildcards in the admin's text are matched literally.
    const pattern = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      or(
        sql`${transactions.reference} ilike ${pattern}`,
        sql`${users.email} ilike ${pattern}`,
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
        sql`${transactions.metadata}->>'phone' ilike ${pattern}`,
        sql`${transactions.metadata}->>'mobile_number' ilike ${pattern}`,
        sql`${transactions.metadata}->>'meter_number' ilike ${pattern}`,
        sql`${transactions.metadata}->>'smart_card_number' ilike ${pattern}`,
      ),
    );
  }
  return and(...parts);
}

function listSelect(db: DbOrTx) {
  return db
    .select({ transaction: transactions, customer: customerColumns, order: purchases })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .leftJoin(purchases, eq(purchases.transactionId, transactions.id));
}

export type AdminListRow = Awaited<ReturnType<typeof listSelect>>[number];

/** Who an action without an admin shows as: the supplier's own notice (its webhook). */
export const SUPPLIER_ACTOR = 'supplier webhook';

export interface ActionView {
  transactionId: string;
  action: OrderActionKind;
  actorEmail: string;
  reason: string;
  createdAt: Date;
}

export const adminTransactionsRepository = {
  /**
   * One page, newest first, with each row's customer and (for purchases) its order, in one query;
   * the created_at index serves the order and the time window (pending rows: statusCondition). The
   * count joins users only when the search needs their columns.
   */
  async page(db: DbOrTx, filter: AdminListFilter, limit: number, offset: number) {
    const where = whereOf(filter);
    const countQuery = filter.text
      ? db
          .select({ n: count() })
          .from(transactions)
          .innerJoin(users, eq(users.id, transactions.userId))
          .where(where)
      : db.select({ n: count() }).from(transactions).where(where);
    const [items, [total]] = await Promise.all([
      listSelect(db)
        .where(where)
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(limit)
        .offset(offset),
      countQuery,
    ]);
    return { items, total: total?.n ?? 0 };
  },

  /**
   * The "needs a decision" queue: open orders created before the cutoff (no longer requeried by
   * the reconciler), oldest first. Open orders are few, and the partial open-orders index holds
   * them.
   */
  async needingDecision(db: DbOrTx, createdBefore: Date, limit: number, offset: number) {
    // Past the age, or with nothing any lookup can learn (needs_decision_at, migration 0022).
    const where = and(
      inArray(purchases.state, ['processing', 'pending']),
      or(lt(purchases.createdAt, createdBefore), isNotNull(purchases.needsDecisionAt)),
    );
    const [items, [total]] = await Promise.all([
      listSelect(db)
        .where(where)
        .orderBy(asc(purchases.createdAt), asc(purchases.transactionId))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(purchases).where(where),
    ]);
    return { items, total: total?.n ?? 0 };
  },

  async findOne(db: DbOrTx, id: string): Promise<AdminListRow | undefined> {
    const [row] = await listSelect(db).where(eq(transactions.id, id)).limit(1);
    return row;
  },

  /** The admin actions of a page's rows, oldest first, in one query. */
  async actionsFor(db: DbOrTx, transactionIds: string[]): Promise<ActionView[]> {
    if (transactionIds.length === 0) return [];
    return db
      .select({
        transactionId: orderActions.transactionId,
        action: orderActions.action,
        // No actor: the supplier took the order back itself (decision 0044).
        actorEmail: sql<string>`coalesce(${users.email}, ${SUPPLIER_ACTOR})`,
        reason: orderActions.reason,
        createdAt: orderActions.createdAt,
      })
      .from(orderActions)
      .leftJoin(users, eq(users.id, orderActions.actorId))
      .where(inArray(orderActions.transactionId, transactionIds))
      .orderBy(asc(orderActions.createdAt), asc(orderActions.id));
  },

  /**
   * Claims an action on an order. The unique (transaction_id, action) index makes this the point
   * where an action happens at most once: of two racing claims, the second waits for the first
   * to commit and then gets nothing (or goes ahead if the first rolled back).
   */
  async claimAction(
    tx: DbOrTx,
    values: {
      transactionId: string;
      action: OrderActionKind;
      /** Null for a supplier's own reversal notice. */
      actorId: string | null;
      reason: string;
      createdAt: Date;
    },
  ): Promise<string | undefined> {
    const [row] = await tx
      .insert(orderActions)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: orderActions.id });
    return row?.id;
  },

  async setActionResult(tx: DbOrTx, actionId: string, resultTransactionId: string) {
    await tx.update(orderActions).set({ resultTransactionId }).where(eq(orderActions.id, actionId));
  },

  /** The posting transfers of a delivered order (cost, margin or margin loss), to mirror them. */
  async postingsOf(db: DbOrTx, transactionId: string) {
    return db
      .select({
        code: ledgerTransfers.code,
        debitAccountId: ledgerTransfers.debitAccountId,
        creditAccountId: ledgerTransfers.creditAccountId,
        amountKobo: ledgerTransfers.amountKobo,
      })
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.transactionId, transactionId),
          inArray(ledgerTransfers.code, [
            'purchase_cost',
            'purchase_margin',
            'purchase_margin_loss',
          ]),
        ),
      );
  },
};
