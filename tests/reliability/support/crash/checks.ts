import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  airtimeSwaps,
  deposits,
  idempotencyKeys,
  ledgerTransfers,
  purchases,
  transactions,
  walletTransfers,
} from '../../../../apps/api/src/db/schema';
import { ledgerRepository } from '../../../../apps/api/src/ledger/repository';
import { requerySupplier } from '../../../../apps/api/src/modules/purchases/supplier-calls';
import { expectMoneyInvariantsAt } from '../invariants';
import type { Cluster, Customer } from './cluster';
import { eventually } from './client';
import type { Intent } from './flows';

export interface Outcomes {
  delivered: number;
  refunded: number;
  transfers: number;
  deposits: number;
  swaps: number;
}

/** Waits until the reconciler has ended every order (none processing or pending). */
export async function waitUntilAllEnded(c: Cluster, timeoutMs = 180_000) {
  await eventually(
    'the reconciler to end every order',
    async () => {
      const [row] = await c.db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(purchases)
        .where(inArray(purchases.state, ['processing', 'pending']));
      return (row?.n ?? 0) === 0;
    },
    timeoutMs,
  );
}

function fail(what: string, detail: unknown): never {
  throw new Error(`${what}: ${JSON.stringify(detail)}`);
}

async function codesOf(c: Cluster, transactionId: string): Promise<Record<string, number>> {
  const rows = await c.db.db
    .select({ code: ledgerTransfers.code, n: sql<number>`count(*)::int` })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.transactionId, transactionId))
    .groupBy(ledgerTransfers.code);
  return Object.fromEntries(rows.map((r) => [r.code, r.n]));
}

async function keyRow(c: Cluster, userId: string, key: string) {
  const [row] = await c.db.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/**
 * After every intent has settled and every order ended: the ledger's invariants, and for each
 * customer that each thing asked for happened exactly once with the outcome the outside world
 * (the supplier's own records, PalmPay's payment) says, and that the wallet holds exactly what
 * those outcomes imply.
 */
export async function expectEverythingOnce(c: Cluster, intents: Intent[]): Promise<Outcomes> {
  await expectMoneyInvariantsAt(c.dbUrl);
  const outcomes: Outcomes = { delivered: 0, refunded: 0, transfers: 0, deposits: 0, swaps: 0 };
  const open = await c.db.db
    .select({ id: purchases.transactionId, state: purchases.state })
    .from(purchases)
    .where(inArray(purchases.state, ['processing', 'pending']));
  if (open.length > 0) fail('orders never ended', open);

  const customers = new Map<string, Customer>();
  const expected = new Map<string, number>();
  const add = (user: Customer, kobo: number) => {
    customers.set(user.id, user);
    expected.set(user.id, (expected.get(user.id) ?? user.fundedKobo) + kobo);
  };

  for (const user of new Set(intents.map((i) => i.user))) {
    add(user, 0);
    const mine = intents.filter((i) => i.user === user);

    // Purchases: one order per key, ended once, as the supplier recorded it.
    const orders = await c.db.db.select().from(purchases).where(eq(purchases.userId, user.id));
    const purchaseIntents = mine.filter((i) => i.kind === 'purchase');
    if (orders.length !== purchaseIntents.length) {
      fail('orders per customer', {
        user: user.email,
        orders: orders.length,
        asked: purchaseIntents.length,
      });
    }
    for (const intent of purchaseIntents) {
      const key = await keyRow(c, user.id, intent.key);
      const order = orders.find((o) => o.transactionId === key?.transactionId);
      if (!order) fail('a purchase key has no order', { key: intent.key });
      const truth = await requerySupplier(c.suppliers, order);
      if (truth.status === 'pending' || truth.status !== order.state) {
        fail('order outcome differs from the supplier', {
          order: order.transactionId,
          ours: order.state,
          supplier: truth.status,
        });
      }
      const [history] = await c.db.db
        .select({ status: transactions.status })
        .from(transactions)
        .where(eq(transactions.id, order.transactionId));
      const codes = await codesOf(c, order.transactionId);
      const delivered = order.state === 'delivered';
      if (
        history?.status !== (delivered ? 'success' : 'failed') ||
        codes.purchase_reserve !== 1 ||
        (codes.purchase_cost ?? 0) !== (delivered ? 1 : 0) ||
        (codes.purchase_void ?? 0) !== (delivered ? 0 : 1)
      ) {
        fail('order not ended exactly once', { order: order.transactionId, history, codes });
      }
      if (delivered) add(user, -order.sellingKobo);
      outcomes[delivered ? 'delivered' : 'refunded'] += 1;
    }

    // Transfers: one per key, one ledger transfer each.
    const sent = await c.db.db
      .select()
      .from(walletTransfers)
      .where(eq(walletTransfers.senderId, user.id));
    const transferIntents = mine.filter((i) => i.kind === 'transfer');
    if (sent.length !== transferIntents.length) {
      fail('transfers per sender', {
        user: user.email,
        sent: sent.length,
        asked: transferIntents.length,
      });
    }
    for (const intent of transferIntents) {
      const key = await keyRow(c, user.id, intent.key);
      const row = sent.find((t) => t.debitTransactionId === key?.transactionId);
      const codes = row ? await codesOf(c, row.debitTransactionId) : {};
      if (!row || row.amountKobo !== intent.amountKobo || codes.wallet_transfer !== 1) {
        fail('transfer not made exactly once', { key: intent.key, row, codes });
      }
      add(user, -intent.amountKobo);
      add(intent.to, intent.amountKobo);
      outcomes.transfers += 1;
    }

    // Deposits: each payment credited once, under PalmPay's order number.
    const credits = await c.db.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, user.id), eq(transactions.serviceType, 'deposit')));
    const depositIntents = mine.filter((i) => i.kind === 'deposit');
    if (credits.length !== depositIntents.length) {
      fail('deposit credits per customer', {
        user: user.email,
        credits: credits.length,
        paid: depositIntents.length,
      });
    }
    for (const intent of depositIntents) {
      const credit = credits.find((t) => t.reference === `PP-${intent.orderNo}`);
      const [deposit] = await c.db.db
        .select()
        .from(deposits)
        .where(eq(deposits.id, intent.depositId));
      const codes = credit ? await codesOf(c, credit.id) : {};
      if (
        !credit ||
        credit.amountKobo !== intent.amountKobo ||
        codes.deposit !== 1 ||
        deposit?.status !== 'completed' ||
        deposit.creditedKobo !== intent.amountKobo ||
        deposit.transactionId !== credit.id
      ) {
        fail('deposit not credited exactly once', {
          orderNo: intent.orderNo,
          credit,
          deposit,
          codes,
        });
      }
      add(user, intent.amountKobo);
      outcomes.deposits += 1;
    }

    // Swaps: completed and paid to the wallet once.
    for (const intent of mine.filter((i) => i.kind === 'swap')) {
      const [swap] = await c.db.db
        .select()
        .from(airtimeSwaps)
        .where(eq(airtimeSwaps.swapId, intent.swapId));
      const rows = await c.db.db
        .select()
        .from(transactions)
        .where(eq(transactions.reference, intent.swapId));
      const codes = rows[0] ? await codesOf(c, rows[0].id) : {};
      if (
        swap?.status !== 'COMPLETED' ||
        rows.length !== 1 ||
        codes.swap_payout !== 1 ||
        rows[0]?.amountKobo !== intent.payoutKobo
      ) {
        fail('swap not paid exactly once', {
          swap: intent.swapId,
          status: swap?.status,
          rows: rows.length,
          codes,
        });
      }
      add(user, intent.payoutKobo);
      outcomes.swaps += 1;
    }
  }

  for (const [userId, kobo] of expected) {
    const wallet = await ledgerRepository.walletOf(c.db.db, userId);
    if (wallet?.balanceKobo !== kobo) {
      fail('wallet balance differs from the outcomes', {
        user: customers.get(userId)?.email,
        expected: kobo,
        actual: wallet?.balanceKobo,
      });
    }
  }
  return outcomes;
}
