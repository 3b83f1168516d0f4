import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { purchases } from '../src/db/schema';
import { createReconciler, type ReconcileResult } from '../src/jobs/reconciler';
import { ledgerRepository } from '../src/ledger/repository';
import { LedgerError } from '../src/ledger/ledger';
import { createSettlement } from '../src/modules/purchases/settlement';
import { transactionsRepository } from '../src/modules/transactions/repository';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  type TestApp,
} from './harness';
import {
  AIRTIME_NAIRA,
  countRows,
  expectOneOutcome,
  kind,
  purchase,
  transferCodes,
} from './purchase-support';

/**
 * Many requests at once on one wallet, and several reconcilers at once on the same orders: the
 * wallet never goes below zero, every order resolves exactly once.
 */

let t: TestApp;
beforeAll(async () => {
  // 200 supplier calls at once on a loaded test machine can take longer than the harness's 1 s
  // (which would rightly make them pending); this file is about the wallet, not timeouts.
  t = await createTestApp({ PROVIDER_TIMEOUT_MS: '15000' });
});
afterAll(async () => {
  await t?.close();
});

const airtime = kind('in-house airtime');
const vtpassAirtime = kind('VTpass airtime');

describe('a burst of purchases on one wallet', () => {
  it('only what the wallet holds succeeds; the rest is refused with 402; the balance ends at 0', async () => {
    // PGlite has one connection and serialises the queries; PostgreSQL runs them in parallel.
    const total = 200;
    const affordable = total / 4;
    const user = await customer(t, affordable * AIRTIME_NAIRA);

    const replies = await Promise.all(
      Array.from({ length: total }, (_, i) =>
        purchase(t, airtime, user.token, airtime.body(MAGIC_PHONES.delivered, undefined as never), {
          'idempotency-key': `burst-${i.toString().padStart(4, '0')}`,
        }),
      ),
    );

    const byStatus = new Map<number, number>();
    for (const r of replies) byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
    const unexpected = replies.filter((r) => r.statusCode !== 200 && r.statusCode !== 402);
    expect(unexpected.map((r) => `${r.statusCode} ${r.body}`).slice(0, 3)).toEqual([]);
    expect(Object.fromEntries(byStatus)).toEqual({ 200: affordable, 402: total - affordable });
    for (const r of replies.filter((x) => x.statusCode === 402)) {
      expect(r.json().code).toBe('INSUFFICIENT_FUNDS');
    }
    const ids = replies.filter((r) => r.statusCode === 200).map((r) => r.json().data._id);
    expect(new Set(ids).size).toBe(affordable);

    expect(await balanceKobo(t, user.token)).toBe(0);
    // One credit (the funding) and one row per successful purchase; none for the refusals.
    expect(await countRows(t, user.id)).toBe(1 + affordable);
    await expectLedgerConsistent(t);
  });
});

describe('the ledger alone', () => {
  it('200 debits at once on a wallet that holds 50 of them: 50 apply, 150 are refused', async () => {
    const { db } = t.deps.database;
    const ledger = t.services.ledger;
    const user = await customer(t, 5_000);
    const wallet = await ledgerRepository.walletOf(db, user.id);
    const adjustments = await ledger.account('adjustments');
    const debit = (i: number) =>
      db.transaction(async (tx) => {
        const row = await transactionsRepository.insert(tx, {
          userId: user.id,
          type: 'debit',
          serviceType: 'adjustment',
          amountKobo: 10_000,
          status: 'success',
          reference: `RACE-${i}-${randomUUID()}`,
          createdAt: t.clock.now(),
          updatedAt: t.clock.now(),
        });
        await ledger.apply(tx, [
          {
            debitAccountId: wallet!.id,
            creditAccountId: adjustments,
            amountKobo: 10_000,
            code: 'operator_credit',
            transactionId: row.id,
          },
        ]);
      });
    const results = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => debit(i)));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.length - refused.length).toBe(50);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(LedgerError);
      expect((r as PromiseRejectedResult).reason.code).toBe('insufficient_funds');
    }
    expect(await balanceKobo(t, user.token)).toBe(0);
    // The refused debits rolled back whole: no history row without its transfer.
    expect(await countRows(t, user.id)).toBe(1 + 50);
    await expectLedgerConsistent(t);
  });
});

describe('reconcilers racing', () => {
  const sum = (results: ReconcileResult[], key: keyof ReconcileResult) =>
    results.reduce((n, r) => n + r[key], 0);

  it('two passes (and, on PostgreSQL, another process) resolve each pending order once', async () => {
    const orders = 10;
    const user = await customer(t, 5_000);
    const start = await balanceKobo(t, user.token);
    const scenario = (i: number) => (i % 2 === 0 ? 'pendingThenDelivered' : 'pendingThenReversed');
    const ids: string[] = [];
    for (let i = 0; i < orders; i += 1) {
      // Both families: DataStation and VTpass orders.
      const k = i % 4 < 2 ? airtime : vtpassAirtime;
      const res = await purchase(
        t,
        k,
        user.token,
        k.body(MAGIC_PHONES[scenario(i)], undefined as never),
      );
      expect(res.statusCode, res.body).toBe(202);
      ids.push(res.json().data._id);
    }
    expect(await balanceKobo(t, user.token)).toBe(start - orders * AIRTIME_NAIRA * 100);
    await expectLedgerConsistent(t);

    t.clock.advance(10 * 60_000);
    const reconcilers = [t.services.reconciler, t.services.reconciler];
    if (t.deps.database.kind === 'postgres') {
      // Another API process: its own settlement and reconciler on the same database.
      reconcilers.push(createReconciler(t.deps, createSettlement(t.deps)));
    }
    const results = await Promise.all(reconcilers.map((r) => r.runOnce()));
    expect(sum(results, 'delivered')).toBe(orders / 2);
    expect(sum(results, 'failed')).toBe(orders / 2);
    expect(sum(results, 'stillPending')).toBe(0);
    // Claims never overlap: each order was requeried by one reconciler only.
    expect(sum(results, 'checked')).toBe(orders);

    const rows = await t.deps.database.db
      .select()
      .from(purchases)
      .where(inArray(purchases.transactionId, ids));
    for (const [i, id] of ids.entries()) {
      const final = scenario(i) === 'pendingThenDelivered' ? 'delivered' : 'failed';
      expect(rows.find((r) => r.transactionId === id)?.state).toBe(final);
      expectOneOutcome(await transferCodes(t, id), final);
    }
    expect(await balanceKobo(t, user.token)).toBe(start - (orders / 2) * AIRTIME_NAIRA * 100);
    await expectLedgerConsistent(t);

    // And again, everything due: nothing left to resolve.
    t.clock.advance(10 * 60_000);
    const again = await Promise.all(reconcilers.map((r) => r.runOnce()));
    expect(sum(again, 'checked')).toBe(0);
    expect(await balanceKobo(t, user.token)).toBe(start - (orders / 2) * AIRTIME_NAIRA * 100);
    await expectLedgerConsistent(t);
  });

  it('settling the same order twice at once posts or voids it once', async () => {
    // The paying request and a reconciler (or two reconcilers past a lease) can reach settle()
    // together: the conditional state change lets one of them win.
    const user = await customer(t, 1_000);
    const res = await purchase(
      t,
      airtime,
      user.token,
      airtime.body(MAGIC_PHONES.pendingForever, undefined as never),
    );
    expect(res.statusCode).toBe(202);
    const id = res.json().data._id as string;
    const [order] = await t.deps.database.db
      .select()
      .from(purchases)
      .where(inArray(purchases.transactionId, [id]));
    const settlement = createSettlement(t.deps);
    const outcomes = await Promise.all([
      settlement.settle(order!, { status: 'failed', description: 'test', raw: null }),
      settlement.settle(order!, { status: 'failed', description: 'test', raw: null }),
      t.services.reconciler.runOnce(),
    ]);
    expect(outcomes.slice(0, 2).filter(Boolean)).toHaveLength(1);
    expectOneOutcome(await transferCodes(t, id), 'failed');
    expect(await balanceKobo(t, user.token)).toBe(100_000);
    await expectLedgerConsistent(t);
  });

  it('a reconciler that takes over a slow paying request: resolved once, and the reply says so', async () => {
    const user = await customer(t, 1_000);
    const key = `slow-${randomUUID()}`;
    const body = airtime.body(MAGIC_PHONES.timeout, undefined as never);
    const paying = purchase(t, airtime, user.token, body, { 'idempotency-key': key });
    // Wait until the order is reserved and the supplier call is under way.
    let order;
    for (let i = 0; i < 100 && !order; i += 1) {
      [order] = await t.deps.database.db
        .select()
        .from(purchases)
        .where(and(eq(purchases.userId, user.id), eq(purchases.state, 'processing')));
      if (!order) await sleep(10);
    }
    expect(order).toBeDefined();
    // The paying request looks dead to the reconciler once the grace period has run out.
    t.clock.advance(3 * 60_000);
    const pass = await t.services.reconciler.runOnce();
    expect(pass.delivered).toBe(1);
    const res = await paying;
    expect(await balanceKobo(t, user.token)).toBe(100_000 - AIRTIME_NAIRA * 100);
    expectOneOutcome(await transferCodes(t, order!.transactionId), 'delivered');
    await expectLedgerConsistent(t);
    // The reply (and its replay) tell the order as it stands, not "processing".
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', data: { status: 'success' } });
    const replay = await purchase(t, airtime, user.token, body, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(res.json());
  });
});
