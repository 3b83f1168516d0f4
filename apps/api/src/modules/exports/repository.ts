import { and, desc, eq, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { airtimeSwaps, purchases, transactions, users } from '../../db/schema';
import {
  whereOf as adminTransactionsWhere,
  type AdminListFilter,
} from '../admin-transactions/repository';
import {
  bettingRowColumns,
  whereOf as bettingWhere,
  type BettingListFilter,
} from '../betting-stats/repository';
import type { Cursor } from './csv-stream';

/**
 * The exports' pages: the same WHERE as each admin list, newest first, after a keyset cursor.
 * The cursor's time travels as the database's own text (microseconds kept: a JS Date would cut
 * them and skip rows sharing a millisecond). `created_at <= t` alone is the index range; the OR
 * only orders rows within one instant.
 */
function after(createdAt: PgColumn, id: PgColumn, cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const at = sql`${cursor.at}::timestamptz`;
  return and(lte(createdAt, at), or(lt(createdAt, at), lt(id, cursor.id)));
}

const customer = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
};

/** The number an order recharged, wherever its kind of purchase keeps it. */
const rechargedNumber = sql<string>`coalesce(
  ${transactions.metadata}->>'phone', ${transactions.metadata}->>'mobile_number',
  ${transactions.metadata}->>'meter_number', ${transactions.metadata}->>'smart_card_number',
  ${transactions.metadata}->>'rechargeAccount', '')`;

const verifiers = alias(users, 'verifier');

export const exportsRepository = {
  async transactionsPage(
    db: DbOrTx,
    filter: AdminListFilter,
    cursor: Cursor | undefined,
    limit: number,
  ) {
    return db
      .select({
        id: transactions.id,
        cursorAt: sql<string>`${transactions.createdAt}::text`,
        createdAt: transactions.createdAt,
        reference: transactions.reference,
        type: transactions.type,
        serviceType: transactions.serviceType,
        description: transactions.description,
        amountKobo: transactions.amountKobo,
        status: transactions.status,
        number: rechargedNumber,
        ...customer,
        orderState: purchases.state,
        supplier: purchases.supplier,
        supplierReference: purchases.supplierReference,
      })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .leftJoin(purchases, eq(purchases.transactionId, transactions.id))
      .where(
        and(adminTransactionsWhere(filter), after(transactions.createdAt, transactions.id, cursor)),
      )
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(limit);
  },

  async bettingPage(
    db: DbOrTx,
    filter: BettingListFilter,
    cursor: Cursor | undefined,
    limit: number,
  ) {
    return db
      .select({
        ...bettingRowColumns,
        cursorAt: sql<string>`${transactions.createdAt}::text`,
      })
      .from(transactions)
      .innerJoin(purchases, eq(purchases.transactionId, transactions.id))
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(and(bettingWhere(filter), after(transactions.createdAt, transactions.id, cursor)))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(limit);
  },

  /** `where` is the admin swap list's filter (swapsRepository.adminFilter). */
  async swapsPage(db: DbOrTx, where: SQL | undefined, cursor: Cursor | undefined, limit: number) {
    return db
      .select({
        id: airtimeSwaps.id,
        cursorAt: sql<string>`${airtimeSwaps.createdAt}::text`,
        swap: airtimeSwaps,
        ...customer,
        verifierEmail: verifiers.email,
      })
      .from(airtimeSwaps)
      .innerJoin(users, eq(users.id, airtimeSwaps.userId))
      .leftJoin(verifiers, eq(verifiers.id, airtimeSwaps.verifiedBy))
      .where(and(where, after(airtimeSwaps.createdAt, airtimeSwaps.id, cursor)))
      .orderBy(desc(airtimeSwaps.createdAt), desc(airtimeSwaps.id))
      .limit(limit);
  },
};

export type TransactionExportRow = Awaited<
  ReturnType<typeof exportsRepository.transactionsPage>
>[number];
export type BettingExportRow = Awaited<ReturnType<typeof exportsRepository.bettingPage>>[number];
export type SwapExportRow = Awaited<ReturnType<typeof exportsRepository.swapsPage>>[number];
