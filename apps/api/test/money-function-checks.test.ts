import { randomUUID } from 'node:crypto';
import { PIN_LOCK_MS, PIN_MAX_FAILURES } from '@owo/shared/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../src/db/client';
import { hotPathRepository, type ReserveInput } from '../src/modules/purchases/hot-path-repository';
import {
  transferHotPathRepository,
  type TransferCallInput,
} from '../src/modules/transfers/hot-path-repository';
import {
  PIN,
  createTestApp,
  customer,
  expectLedgerConsistent,
  toLagosMidMorning,
  type TestApp,
} from './harness';

/**
 * The money functions' own checks (decision 0072): each precondition and ASSERT is tripped here by
 * input made to break it, or by a rule broken for the length of one transaction, and the whole
 * transaction (a row written before the call included) rolls back with it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  toLagosMidMorning(t);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.deps.database.db;

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function one(query: ReturnType<typeof sql>): Promise<string | null> {
  const [row] = await rows<{ v: string | null }>(db(), query);
  return row?.v ?? null;
}

const balanceOf = (accountId: string) =>
  one(sql`select balance_kobo::text as v from ledger_accounts where id = ${accountId}::uuid`);
const walletOf = async (userId: string) =>
  (await one(sql`select id::text as v from ledger_accounts
                 where user_id = ${userId}::uuid and kind = 'user_wallet'`))!;
const inFlight = async () =>
  (await one(sql`select id::text as v from ledger_accounts where code = 'in_flight'`))!;
const countOf = async (query: ReturnType<typeof sql>) => Number(await one(query));

/**
 * Runs `call` in a transaction that first writes an operator alert (a business row of its own) and
 * answers the database's refusal; the transaction must have rolled back whole: the alert is gone.
 */
async function refusedInTransaction(
  call: (tx: DbOrTx) => Promise<unknown>,
  before: (tx: DbOrTx) => Promise<unknown> = async () => {},
): Promise<{ code?: string; message: string }> {
  const marker = `checks-${randomUUID()}`;
  let refusal: { code?: string; message: string } | undefined;
  try {
    await db().transaction(async (tx) => {
      await tx.execute(sql`insert into operator_alerts (supplier, message)
                           values ('test', ${marker})`);
      await before(tx);
      await call(tx);
    });
  } catch (error) {
    // drizzle wraps the driver's error; the SQLSTATE and message are the cause's.
    refusal = ((error as { cause?: unknown }).cause ?? error) as typeof refusal;
  }
  expect(refusal, 'the database accepted the call').toBeDefined();
  expect(
    await countOf(sql`select count(*)::text as v from operator_alerts
                           where message = ${marker}`),
  ).toBe(0);
  return refusal!;
}

const ledgerApply = (tx: DbOrTx, transfers: unknown[]) =>
  tx.execute(sql`select owo_ledger_apply(${JSON.stringify(transfers)}::jsonb)`);

const transfersCoded = (code: string) =>
  countOf(sql`select count(*)::text as v from ledger_transfers where code = ${code}`);

it('PostgreSQL checks ASSERTs here (plpgsql.check_asserts is on by default)', async () => {
  expect(await one(sql`select current_setting('plpgsql.check_asserts') as v`)).toBe('on');
});

describe('owo_ledger_apply', () => {
  it('refuses a transfer of no amount or from an account to itself before any balance moves', async () => {
    const user = await customer(t, 500);
    const wallet = await walletOf(user.id);
    const flight = await inFlight();
    const before = [await balanceOf(wallet), await balanceOf(flight)];
    for (const bad of [
      { debit: wallet, credit: flight, amount_kobo: 0 },
      { debit: wallet, credit: flight, amount_kobo: -100 },
      { debit: wallet, credit: flight },
      { debit: flight, credit: flight, amount_kobo: 100 },
    ]) {
      const refusal = await refusedInTransaction((tx) =>
        ledgerApply(tx, [
          // A good transfer first: it must not move either.
          { debit: wallet, credit: flight, amount_kobo: 100, code: 'check_test' },
          { ...bad, code: 'check_test' },
        ]),
      );
      expect(refusal.code).toBe('23514');
      expect(refusal.message).toBe('invalid_transfer');
    }
    expect([await balanceOf(wallet), await balanceOf(flight)]).toEqual(before);
    expect(await transfersCoded('check_test')).toBe(0);
  });

  it('ASSERT: the balances moved by 0 in all (one side names no account)', async () => {
    const user = await customer(t, 500);
    const wallet = await walletOf(user.id);
    const refusal = await refusedInTransaction((tx) =>
      ledgerApply(tx, [
        { debit: wallet, credit: randomUUID(), amount_kobo: 100, code: 'check_sum' },
      ]),
    );
    expect(refusal.code).toBe('P0004');
    expect(refusal.message).toBe('owo_ledger_apply: the balances moved by -100 kobo in all, not 0');
    expect(await balanceOf(wallet)).toBe('50000');
    expect(await transfersCoded('check_sum')).toBe(0);
  });

  it('ASSERT: one row updated per account the transfers change (neither side exists)', async () => {
    const refusal = await refusedInTransaction((tx) =>
      ledgerApply(tx, [
        { debit: randomUUID(), credit: randomUUID(), amount_kobo: 100, code: 'check_rows' },
      ]),
    );
    expect(refusal.code).toBe('P0004');
    expect(refusal.message).toBe(
      'owo_ledger_apply: 0 rows updated for the 2 accounts the transfers change',
    );
    expect(await transfersCoded('check_rows')).toBe(0);
  });
});

/** A reserve the function accepts as it stands: ₦100 of airtime for `userId`. */
async function reserveInput(userId: string, amountKobo = 100_00): Promise<ReserveInput> {
  const limits = t.deps.config.walletLimits;
  return {
    userId,
    key: `checks-${randomUUID()}`,
    requestHash: 'hash',
    transactionId: randomUUID(),
    now: t.clock.now(),
    switches: ['system', 'airtime'],
    pinDigest: t.services.pin.digestOf(userId, PIN),
    pinMaxFailures: PIN_MAX_FAILURES,
    pinLockMs: PIN_LOCK_MS,
    dailyLimitUnverifiedKobo: limits.unverified.dailyOutKobo,
    dailyLimitVerifiedKobo: limits.verified.dailyOutKobo,
    inFlightAccountId: await inFlight(),
    order: {
      serviceType: 'airtime',
      amountKobo,
      reference: `CHECKS-${randomUUID()}`,
      description: 'Airtime',
      metadata: {},
      product: 'airtime',
      supplier: 'vtpass',
      request: {},
      costKobo: amountKobo - 100,
      nextCheckAt: t.clock.now().toISOString(),
    },
  };
}

/** Nothing of the order was written: no history row, no purchase, no key, no running total. */
async function expectNoOrder(input: { userId: string; id: string; key?: string }) {
  expect(
    await countOf(sql`select count(*)::text as v from transactions
                           where id = ${input.id}::uuid`),
  ).toBe(0);
  expect(
    await countOf(sql`select count(*)::text as v from purchases
                           where transaction_id = ${input.id}::uuid`),
  ).toBe(0);
  expect(
    await countOf(sql`select count(*)::text as v from idempotency_keys
                           where user_id = ${input.userId}::uuid and key = ${input.key ?? ''}`),
  ).toBe(0);
  expect(
    await countOf(sql`select coalesce(sum(total_kobo), 0)::text as v from daily_outflows
                           where user_id = ${input.userId}::uuid`),
  ).toBe(0);
}

const disableTrigger = (name: string) => (tx: DbOrTx) =>
  tx.execute(sql.raw(`ALTER TABLE transactions DISABLE TRIGGER ${name}`));

describe('owo_purchase_reserve', () => {
  it('refuses an amount that is not positive before the key, the PIN count or any row', async () => {
    const user = await customer(t, 500);
    for (const amount of [0, -100_00]) {
      const input = await reserveInput(user.id, amount);
      // A wrong PIN too: not even its count is written.
      input.pinDigest = 'hmac-sha256$wrong';
      const refusal = await refusedInTransaction((tx) => hotPathRepository.reserve(tx, input));
      expect(refusal.code).toBe('23514');
      expect(refusal.message).toBe('invalid_amount');
      await expectNoOrder({ userId: user.id, id: input.transactionId, key: input.key });
    }
    expect(
      await one(sql`select pin_failed_attempts::text as v from users
                         where id = ${user.id}::uuid`),
    ).toBe('0');
  });

  it('ASSERT: the running total counted the order (its trigger switched off)', async () => {
    const user = await customer(t, 500);
    const wallet = await walletOf(user.id);
    const input = await reserveInput(user.id);
    const refusal = await refusedInTransaction(
      (tx) => hotPathRepository.reserve(tx, input),
      disableTrigger('transactions_outflow_insert'),
    );
    expect(refusal.code).toBe('P0004');
    expect(refusal.message).toMatch(
      /^owo_purchase_reserve: the running total is missing after 0 \+ 10000 kobo/,
    );
    await expectNoOrder({ userId: user.id, id: input.transactionId, key: input.key });
    expect(await balanceOf(wallet)).toBe('50000');
    // The trigger is back: the switch was part of the transaction that rolled back.
    expect(await hotPathRepository.reserve(db(), await reserveInput(user.id))).toEqual({
      outcome: 'ok',
    });
    expect(await balanceOf(wallet)).toBe('40000');
    await expectLedgerConsistent(t);
  });
});

/** A transfer the function accepts as it stands: ₦100 from `from` to `to`. */
function transferInput(from: string, to: string, amountKobo = 100_00): TransferCallInput {
  const limits = t.deps.config.walletLimits;
  const side = () => ({
    id: randomUUID(),
    reference: `CHECKS-${randomUUID()}`,
    description: 'Transfer',
    metadata: {},
  });
  return {
    userId: from,
    key: `checks-${randomUUID()}`,
    requestHash: 'hash',
    now: t.clock.now(),
    pinDigest: t.services.pin.digestOf(from, PIN),
    pinMaxFailures: PIN_MAX_FAILURES,
    pinLockMs: PIN_LOCK_MS,
    recipientId: to,
    amountKobo,
    dailyLimitUnverifiedKobo: limits.unverified.dailyOutKobo,
    dailyLimitVerifiedKobo: limits.verified.dailyOutKobo,
    balanceCapUnverifiedKobo: limits.unverified.balanceCapKobo,
    balanceCapVerifiedKobo: limits.verified.balanceCapKobo,
    rows: { debit: side(), credit: side(), note: '' },
    reply: { status: 200, body: {} },
  };
}

describe('owo_transfer', () => {
  it('refuses an amount that is not positive before the key, the PIN count or any row', async () => {
    const [sender, recipient] = [await customer(t, 500), await customer(t)];
    for (const amount of [0, -100_00]) {
      const input = transferInput(sender.id, recipient.id, amount);
      input.pinDigest = 'hmac-sha256$wrong';
      const refusal = await refusedInTransaction((tx) =>
        transferHotPathRepository.transfer(tx, input),
      );
      expect(refusal.code).toBe('23514');
      expect(refusal.message).toBe('invalid_amount');
      await expectNoOrder({ userId: sender.id, id: input.rows!.debit.id, key: input.key });
    }
    expect(
      await one(sql`select pin_failed_attempts::text as v from users
                         where id = ${sender.id}::uuid`),
    ).toBe('0');
  });

  it("ASSERT: the sender's running total counted the transfer (its trigger switched off)", async () => {
    const [sender, recipient] = [await customer(t, 500), await customer(t)];
    const input = transferInput(sender.id, recipient.id);
    const refusal = await refusedInTransaction(
      (tx) => transferHotPathRepository.transfer(tx, input),
      disableTrigger('transactions_outflow_insert'),
    );
    expect(refusal.code).toBe('P0004');
    expect(refusal.message).toMatch(
      /^owo_transfer: the running total is missing after 0 \+ 10000 kobo/,
    );
    await expectNoOrder({ userId: sender.id, id: input.rows!.debit.id, key: input.key });
    expect(
      await countOf(sql`select count(*)::text as v from wallet_transfers
                             where sender_id = ${sender.id}::uuid`),
    ).toBe(0);
    expect(await balanceOf(await walletOf(recipient.id))).toBe('0');
    expect(await balanceOf(await walletOf(sender.id))).toBe('50000');
  });
});

/** An order reserved as the API does, left processing. */
async function processingOrder() {
  const user = await customer(t, 500);
  const input = await reserveInput(user.id);
  expect(await hotPathRepository.reserve(db(), input)).toEqual({ outcome: 'ok' });
  return { user, id: input.transactionId, key: input.key! };
}
const stateOf = (id: string) =>
  one(sql`select state as v from purchases where transaction_id = ${id}::uuid`);

describe('owo_order_settle', () => {
  const settleCall = (tx: DbOrTx, id: string, state: string) =>
    tx.execute(sql`select owo_order_settle(${id}::uuid, ${state}, null, 'checks',
      'null'::jsonb, now(), '{}'::jsonb, 0, null, null)`);

  it('refuses a state that is not terminal before anything is written', async () => {
    const order = await processingOrder();
    for (const state of ['pending', 'processing', 'refunded']) {
      const refusal = await refusedInTransaction((tx) => settleCall(tx, order.id, state));
      expect(refusal.code).toBe('22023');
      expect(refusal.message).toBe('invalid_state');
    }
    expect(await stateOf(order.id)).toBe('processing');
  });

  it('ASSERT: the order had a history row to settle (deleted behind its foreign keys)', async () => {
    const order = await processingOrder();
    const wallet = await walletOf(order.user.id);
    const refusal = await refusedInTransaction(
      (tx) => settleCall(tx, order.id, 'failed'),
      async (tx) => {
        // The foreign keys to transactions are its triggers: off for this transaction only.
        await tx.execute(sql`ALTER TABLE transactions DISABLE TRIGGER ALL`);
        await tx.execute(sql`delete from transactions where id = ${order.id}::uuid`);
      },
    );
    expect(refusal.code).toBe('P0004');
    expect(refusal.message).toBe(
      `owo_order_settle: order ${order.id} has no history row to settle`,
    );
    expect(await stateOf(order.id)).toBe('processing');
    expect(await one(sql`select status as v from transactions where id = ${order.id}::uuid`)).toBe(
      'pending',
    );
    expect(await balanceOf(wallet)).toBe('40000');
    expect(await transfersCoded('purchase_void')).toBe(0);
    await expectLedgerConsistent(t);
  });
});

describe('the settlement as the release before decision 0083 calls it (owo_purchase_settle)', () => {
  const oldSettle = async (id: string, key: string | null, reply: object | null) =>
    (
      await rows<{ v: Record<string, unknown> | string | null }>(
        db(),
        sql`select owo_purchase_settle(${id}::uuid, 'delivered', 'SUP-1', 'delivered',
          'null'::jsonb, now(), '{"token":"1234-5678"}'::jsonb, 0, null, ${key},
          ${reply ? 200 : null}::integer, ${reply ? JSON.stringify(reply) : null}::jsonb) as v`,
      )
    )[0]?.v ?? null;
  const keyOf = async (userId: string, key: string) =>
    (
      await rows<{ answered: boolean; status: number | null }>(
        db(),
        sql`select answered_by_order as answered, response_status as status
              from idempotency_keys where user_id = ${userId}::uuid and key = ${key}`,
      )
    )[0];
  const parsed = (v: Record<string, unknown> | string | null) =>
    typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>) : v;

  it('answers the whole history row, marks the key, and NULL once resolved', async () => {
    const order = await processingOrder();
    const whole = parsed(await oldSettle(order.id, order.key, null));
    expect(whole).toMatchObject({
      id: order.id,
      user_id: order.user.id,
      type: 'debit',
      service_type: 'airtime',
      amount_kobo: 100_00,
      status: 'success',
      description: 'Airtime',
      metadata: { token: '1234-5678' },
    });
    expect(Number.isNaN(new Date(whole!.created_at as string).getTime())).toBe(false);
    expect(await stateOf(order.id)).toBe('delivered');
    expect(await keyOf(order.user.id, order.key)).toEqual({ answered: true, status: null });
    expect(await oldSettle(order.id, order.key, null)).toBeNull();
    expect(await transfersCoded('purchase_cost')).toBeGreaterThan(0);
    await expectLedgerConsistent(t);
  });

  it('stores a reply the caller hands on the key instead of marking it', async () => {
    const order = await processingOrder();
    expect(parsed(await oldSettle(order.id, order.key, { success: true }))).toMatchObject({
      id: order.id,
      status: 'success',
    });
    expect(await keyOf(order.user.id, order.key)).toEqual({ answered: false, status: 200 });
    await expectLedgerConsistent(t);
  });
});

describe('the names the release before decision 0072 uses (its nodes run during a replacement)', () => {
  it('an order sent with amount and cost is reserved as with amountKobo and costKobo', async () => {
    const user = await customer(t, 500);
    const input = await reserveInput(user.id, 120_00);
    const { amountKobo, costKobo, ...rest } = input.order;
    const old = { ...input, order: { ...rest, amount: amountKobo, cost: costKobo } };
    expect(await hotPathRepository.reserve(db(), old as unknown as ReserveInput)).toEqual({
      outcome: 'ok',
    });
    const [row] = await rows<{ selling: string; cost: string }>(
      db(),
      sql`select selling_kobo::text as selling, cost_kobo::text as cost from purchases
          where transaction_id = ${input.transactionId}::uuid`,
    );
    expect(row).toEqual({ selling: '12000', cost: '11900' });
  });

  it('a limit refusal answers spentKobo and limitKobo, and spent and limit as before', async () => {
    const [sender, recipient] = [await customer(t, 500), await customer(t)];
    const purchase = await reserveInput(sender.id);
    purchase.dailyLimitUnverifiedKobo = 50_00;
    const transfer = transferInput(sender.id, recipient.id);
    transfer.dailyLimitUnverifiedKobo = 50_00;
    const refusal = { outcome: 'limit', verified: false, spentKobo: 0, limitKobo: 50_00 };
    const before = { spent: 0, limit: 50_00 };
    expect(await hotPathRepository.reserve(db(), purchase)).toEqual({ ...refusal, ...before });
    expect(await transferHotPathRepository.transfer(db(), transfer)).toEqual({
      ...refusal,
      ...before,
    });
  });
});
