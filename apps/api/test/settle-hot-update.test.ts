import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PIN_LOCK_MS, PIN_MAX_FAILURES } from '@owo/shared/constants';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../src/db/client';
import { shardIndex } from '../src/ledger/ledger';
import { hotPathRepository, type SettleInput } from '../src/modules/purchases/hot-path-repository';
import { purchasesRepository } from '../src/modules/purchases/repository';
import { createSettlement } from '../src/modules/purchases/settlement';
import { PIN, createTestApp, customer, expectLedgerConsistent, type TestApp } from './harness';
import { kind, purchase } from './purchase-support';

/**
 * The settlement's update of the history row is HOT (decision 0083): a new version on the row's
 * own page and no new entry in any of the table's indexes. That holds only while no index of
 * transactions covers a column the settlement changes, and while the page has room (the table's
 * fillfactor); these tests fail when either goes.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.deps.database.db;

async function rows<T>(on: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await on.execute(query)) as unknown as { rows: T[] }).rows;
}

interface Updates {
  updated: number;
  hot: number;
}

/** The history table's updates so far in this transaction (this connection's own counts). */
async function updatesInTransaction(tx: DbOrTx): Promise<Updates> {
  const [row] = await rows<{ updated: string; hot: string }>(
    tx,
    sql`select n_tup_upd::text as updated, n_tup_hot_upd::text as hot
          from pg_stat_xact_user_tables where relname = 'transactions'`,
  );
  return { updated: Number(row?.updated ?? 0), hot: Number(row?.hot ?? 0) };
}

/** An order reserved as the API reserves it, left processing. */
async function processingOrder() {
  const user = await customer(t, 500);
  const transactionId = randomUUID();
  const limits = t.deps.config.walletLimits;
  const outcome = await hotPathRepository.reserve(db(), {
    userId: user.id,
    key: `hot-${randomUUID()}`,
    requestHash: 'hash',
    transactionId,
    now: t.clock.now(),
    switches: ['system', 'airtime'],
    pinDigest: t.services.pin.digestOf(user.id, PIN),
    pinMaxFailures: PIN_MAX_FAILURES,
    pinLockMs: PIN_LOCK_MS,
    dailyLimitUnverifiedKobo: limits.unverified.dailyOutKobo,
    dailyLimitVerifiedKobo: limits.verified.dailyOutKobo,
    inFlightAccountId: await t.services.ledger.account('in_flight', db(), transactionId),
    order: {
      serviceType: 'electricity',
      amountKobo: 100_00,
      reference: `HOT-${randomUUID()}`,
      description: 'Ikeja Electric Prepaid',
      metadata: { meter_number: '45000000071', phone: '08031234567' },
      product: 'electricity',
      supplier: 'vtpass',
      request: {},
      costKobo: 99_00,
      nextCheckAt: t.clock.now().toISOString(),
    },
  });
  expect(outcome).toEqual({ outcome: 'ok' });
  return (await purchasesRepository.find(db(), transactionId))!;
}

describe('the settlement of an order', () => {
  it('updates the history row without a new index entry (HOT), delivered or failed', async () => {
    for (const state of ['delivered', 'failed'] as const) {
      const order = await processingOrder();
      const input: SettleInput = {
        transactionId: order.transactionId,
        state,
        supplierReference: state === 'delivered' ? 'SUP-1' : undefined,
        description: state,
        answer: null,
        now: t.clock.now(),
        // What a delivered token carries (the settlement's extra): the longest it writes.
        extra: { processedAt: t.clock.now().toISOString(), token: '1234-5678-9012', units: '12.3' },
        shard: shardIndex(order.transactionId),
        alert: state === 'failed' ? 'refused' : undefined,
      };
      // One connection, one transaction: the counts before and after are this settlement's alone
      // (PostgreSQL's pending counts include this connection's earlier, unreported transactions).
      const seen = await db().transaction(async (tx) => {
        const before = await updatesInTransaction(tx);
        const settled = await hotPathRepository.settle(tx, input);
        expect(settled?.status).toBe(state === 'delivered' ? 'success' : 'failed');
        const after = await updatesInTransaction(tx);
        return { updated: after.updated - before.updated, hot: after.hot - before.hot };
      });
      expect(seen, state).toEqual({ updated: 1, hot: 1 });
    }
    await expectLedgerConsistent(t);
  });

  it('answers what it changed on the row: the status and the metadata as stored', async () => {
    const order = await processingOrder();
    const settled = await createSettlement(t.deps).settle(order, {
      status: 'delivered',
      description: 'delivered',
      raw: null,
      token: '4321',
    });
    expect(settled).toEqual({
      status: 'success',
      metadata: {
        meter_number: '45000000071',
        phone: '08031234567',
        processedAt: t.clock.now().toISOString(),
        token: '4321',
      },
    });
  });

  it('has no index of transactions reading status or updated_at', async () => {
    const defs = await rows<{ name: string; def: string }>(
      db(),
      sql`select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def
            from pg_index where indrelid = 'transactions'::regclass`,
    );
    expect(defs.length).toBeGreaterThan(0);
    for (const { name, def } of defs) expect(def, name).not.toMatch(/\b(status|updated_at)\b/);
    const [options] = await rows<{ options: string[] | null }>(
      db(),
      sql`select reloptions as options from pg_class where oid = 'transactions'::regclass`,
    );
    expect(options?.options).toContain('fillfactor=90');
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'leaves n_tup_hot_upd growing with every purchase the API settles (PostgreSQL: statistics of the pool connections)',
    async () => {
      const read = async () => {
        const [row] = await rows<{ updated: string; hot: string }>(
          db(),
          sql`select n_tup_upd::text as updated, n_tup_hot_upd::text as hot
                from pg_stat_user_tables where relname = 'transactions'`,
        );
        return { updated: Number(row?.updated), hot: Number(row?.hot) };
      };
      // Each read in a statement of its own (a snapshot of the statistics per statement).
      await db().execute(sql`select pg_stat_clear_snapshot()`);
      const before = await read();
      const user = await customer(t, 1000);
      const airtime = kind('in-house airtime');
      const orders = 5;
      for (let i = 0; i < orders; i += 1) {
        const res = await purchase(
          t,
          airtime,
          user.token,
          airtime.body(MAGIC_PHONES.delivered, undefined as never),
        );
        expect(res.statusCode, res.body).toBe(200);
      }
      // Backends report their counts when idle, at most once a second (10 s at the latest).
      let after = before;
      for (let waited = 0; after.updated - before.updated < orders && waited < 30_000;) {
        await sleep(500);
        waited += 500;
        await db().execute(sql`select pg_stat_clear_snapshot()`);
        after = await read();
      }
      expect(after.updated - before.updated).toBeGreaterThanOrEqual(orders);
      expect(after.hot - before.hot).toBe(after.updated - before.updated);
    },
  );
});
