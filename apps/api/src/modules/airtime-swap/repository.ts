import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SwapStatus } from '@owo/shared/constants';
import type { DbOrTx } from '../../db/client';
import {
  airtimeSwapEvents,
  airtimeSwaps,
  ledgerAccounts,
  ledgerTransfers,
  users,
} from '../../db/schema';
import { OPEN_STATUSES } from './state-machine';

export type SwapRow = typeof airtimeSwaps.$inferSelect;
export type NewSwap = typeof airtimeSwaps.$inferInsert;

/** A swap with the people the replies name: its owner and the admin who last acted on it. */
export interface SwapView {
  swap: SwapRow;
  owner: { id: string; email: string; firstName: string; lastName: string; phoneNumber: string };
  verifier: { id: string; email: string } | null;
}

const verifiers = alias(users, 'verifier');

function selectViews(db: DbOrTx) {
  return db
    .select({
      swap: airtimeSwaps,
      owner: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        phoneNumber: users.phoneNumber,
      },
      verifier: { id: verifiers.id, email: verifiers.email },
    })
    .from(airtimeSwaps)
    .innerJoin(users, eq(users.id, airtimeSwaps.userId))
    .leftJoin(verifiers, eq(verifiers.id, airtimeSwaps.verifiedBy))
    .$dynamic();
}

/** A swap is named by its uuid (_id) or its reference (swapId); both are accepted. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function byRef(ref: string): SQL {
  return UUID.test(ref) ? eq(airtimeSwaps.id, ref.toLowerCase()) : eq(airtimeSwaps.swapId, ref);
}

const newestFirst = [desc(airtimeSwaps.createdAt), desc(airtimeSwaps.id)];

/** The only SQL of airtime-to-cash. */
export const swapsRepository = {
  /**
   * Inserts a new swap unless it collides with a unique index: the user's one open swap
   * (airtime_swaps_one_open_per_user) or, very rarely, the reference. ON CONFLICT DO NOTHING
   * covers both without parsing driver errors; the caller tells them apart.
   */
  async insert(db: DbOrTx, values: NewSwap): Promise<SwapRow | undefined> {
    const [row] = await db.insert(airtimeSwaps).values(values).onConflictDoNothing().returning();
    return row;
  },

  async findView(db: DbOrTx, ref: string, ownerId?: string): Promise<SwapView | undefined> {
    const where = ownerId ? and(byRef(ref), eq(airtimeSwaps.userId, ownerId)) : byRef(ref);
    const [row] = await selectViews(db).where(where).limit(1);
    return row;
  },

  async findViewById(db: DbOrTx, id: string): Promise<SwapView | undefined> {
    const [row] = await selectViews(db).where(eq(airtimeSwaps.id, id)).limit(1);
    return row;
  },

  async findOpenView(db: DbOrTx, userId: string): Promise<SwapView | undefined> {
    const [row] = await selectViews(db)
      .where(and(eq(airtimeSwaps.userId, userId), inArray(airtimeSwaps.status, OPEN_STATUSES)))
      .limit(1);
    return row;
  },

  async statusOf(db: DbOrTx, id: string): Promise<SwapStatus | undefined> {
    const [row] = await db
      .select({ status: airtimeSwaps.status })
      .from(airtimeSwaps)
      .where(eq(airtimeSwaps.id, id))
      .limit(1);
    return row?.status;
  },

  /**
   * The one way a swap changes status: only while it is still in `from`. Concurrent callers
   * serialise on the row; the second finds the status moved and gets undefined.
   */
  async transition(
    tx: DbOrTx,
    id: string,
    from: SwapStatus,
    values: Partial<NewSwap> & { status: SwapStatus },
  ): Promise<SwapRow | undefined> {
    const [row] = await tx
      .update(airtimeSwaps)
      .set(values)
      .where(and(eq(airtimeSwaps.id, id), eq(airtimeSwaps.status, from)))
      .returning();
    return row;
  },

  async setTransaction(tx: DbOrTx, id: string, transactionId: string): Promise<void> {
    await tx.update(airtimeSwaps).set({ transactionId }).where(eq(airtimeSwaps.id, id));
  },

  async insertEvent(tx: DbOrTx, values: typeof airtimeSwapEvents.$inferInsert): Promise<void> {
    await tx.insert(airtimeSwapEvents).values(values);
  },

  /** Newest first, `limit` from `offset`, with the total; `where` narrows (user, status). */
  async page(db: DbOrTx, where: SQL | undefined, limit: number, offset: number) {
    const [items, [total]] = await Promise.all([
      selectViews(db)
        .where(where)
        .orderBy(...newestFirst)
        .limit(limit)
        .offset(offset),
      // The owner is joined for the search's columns (every swap has one: the count is the same).
      db
        .select({ n: count() })
        .from(airtimeSwaps)
        .innerJoin(users, eq(users.id, airtimeSwaps.userId))
        .where(where),
    ]);
    return { items, total: total?.n ?? 0 };
  },

  ofUser: (userId: string) => eq(airtimeSwaps.userId, userId),
  withStatus: (status: SwapStatus | undefined) =>
    status ? eq(airtimeSwaps.status, status) : undefined,

  /**
   * The admin's "Search all": what an operator has in hand when a customer calls — the reference
   * or the payout reference, a phone (the customer's, the sender's, the recipient's), the
   * customer's name or e-mail, the payout wallet's e-mail or the bank account. The text is matched
   * literally: %, _ and \ are escaped (\ is ILIKE's default escape). Needs the owner joined
   * (`page` and the export join it).
   */
  matching(search: string): SQL | undefined {
    if (!search) return undefined;
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return or(
      ...[
        airtimeSwaps.swapId,
        airtimeSwaps.payoutReference,
        airtimeSwaps.userPhone,
        airtimeSwaps.recipientPhone,
        airtimeSwaps.walletEmail,
        airtimeSwaps.accountNumber,
        airtimeSwaps.accountName,
        users.email,
        users.phoneNumber,
      ].map((column) => sql`${column} ilike ${pattern}`),
      sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
    );
  },

  /** The admin list's filter (and the export's): a status and the search, each optional. */
  adminFilter(status: SwapStatus | undefined, search: string): SQL | undefined {
    return and(swapsRepository.withStatus(status), swapsRepository.matching(search));
  },

  async countWhere(db: DbOrTx, where: SQL | undefined): Promise<number> {
    const [row] = await db.select({ n: count() }).from(airtimeSwaps).where(where);
    return row?.n ?? 0;
  },

  /**
   * Profit from the ledger (not from the swaps' own columns): the airtime received is what left
   * the airtime asset account (its balance is minus that), the payouts are the swap_payout
   * transfers out of it.
   */
  async ledgerTotals(db: DbOrTx, assetAccountId: string) {
    const [asset] = await db
      .select({ balance: ledgerAccounts.balanceKobo })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, assetAccountId));
    const [paid] = await db
      .select({
        total: sql<number>`coalesce(sum(${ledgerTransfers.amountKobo}), 0)`.mapWith(Number),
      })
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.debitAccountId, assetAccountId),
          eq(ledgerTransfers.code, 'swap_payout'),
        ),
      );
    return { airtimeKobo: 0 - (asset?.balance ?? 0), payoutKobo: paid?.total ?? 0 };
  },
};
