import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { PIN_MAX_FAILURES, WALLET_LIMITS_KOBO } from '@owo/shared/constants';
import { auditLedger } from '../src/ledger/invariants';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  toLagosMidMorning,
  type TestApp,
} from './harness';
import { PIN, newKey } from './transfers-support';

/**
 * The purchase's reserve as one database statement (decision 0040): the rules it folds in — the
 * daily limit's running total, the PIN count, the key claimed by conflict — hold under bursts, and
 * the running total never drifts from the rows it sums.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  toLagosMidMorning(t);
});
afterAll(async () => {
  await t?.close();
});

function airtime(token: string, naira: number, options: { pin?: string; key?: string } = {}) {
  return t.request({
    method: 'POST',
    url: '/api/transactions/airtime',
    token,
    headers: options.key ? { 'idempotency-key': options.key } : {},
    payload: {
      network: 1,
      mobile_number: MAGIC_PHONES.delivered,
      airtime_type: 'VTU',
      Ported_number: true,
      amount: naira,
      transactionPin: options.pin ?? PIN,
    },
  });
}

async function runningTotal(userId: string): Promise<number> {
  const result = (await t.deps.database.db.execute(
    sql`select coalesce(sum(total_kobo), 0)::text as total from daily_outflows
        where user_id = ${userId}`,
  )) as unknown as { rows: { total: string }[] };
  return Number(result.rows[0]?.total ?? 0);
}

describe('the daily limit under a burst', () => {
  it('200 purchases at once: exactly what fits the limit goes through', async () => {
    const limitNaira = WALLET_LIMITS_KOBO.unverified.dailyOut / 100;
    const user = await customer(t, limitNaira);
    // ₦1,000 each: the limit takes 50 of them (the wallet holds exactly the limit).
    const replies = await Promise.all(
      Array.from({ length: 200 }, () => airtime(user.token, 1_000)),
    );
    // Accepted: delivered (200) or still with a supplier slowed by the burst (202); pending
    // debits count toward the limit like delivered ones.
    const accepted = replies.filter((r) => r.statusCode === 200 || r.statusCode === 202);
    const refused = replies.filter((r) => r.statusCode !== 200 && r.statusCode !== 202);
    expect(accepted).toHaveLength(limitNaira / 1_000);
    for (const r of refused) expect(r.json().code).toBe('LIMIT_EXCEEDED');
    expect(await balanceKobo(t, user.token)).toBe(0);
    expect(await runningTotal(user.id)).toBe(WALLET_LIMITS_KOBO.unverified.dailyOut);
    await expectLedgerConsistent(t);
  });
});

describe('refunds while the same wallet keeps buying', () => {
  it('5 rounds of 100 purchases at once, half refused by the supplier: no deadlock', async () => {
    // A refund lowers the day's running total while the next reserve raises it: both take the
    // wallet first, so they queue instead of deadlocking (a deadlock answers 500). Without that
    // order PostgreSQL met a deadlock within these rounds.
    const user = await customer(t, 60_000);
    let kept = 0;
    for (let round = 0; round < 5; round += 1) {
      const replies = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          t.request({
            method: 'POST',
            url: '/api/transactions/airtime',
            token: user.token,
            payload: {
              network: 1,
              mobile_number: i % 2 === 0 ? MAGIC_PHONES.failed : MAGIC_PHONES.delivered,
              airtime_type: 'VTU',
              Ported_number: true,
              amount: 100,
              transactionPin: PIN,
            },
          }),
        ),
      );
      const statuses = replies.map((r) => r.statusCode);
      expect(statuses.filter((s) => ![200, 202, 422].includes(s))).toEqual([]);
      kept += statuses.filter((s) => s === 200 || s === 202).length;
    }
    expect(await balanceKobo(t, user.token)).toBe(6_000_000 - kept * 10_000);
    expect(await runningTotal(user.id)).toBe(kept * 10_000);
    await expectLedgerConsistent(t);
  }, 240_000);
});

describe('the PIN inside the reserve', () => {
  it('20 wrong PINs at once on the purchase route: 4 wrong, then locked, nothing charged', async () => {
    const user = await customer(t, 10_000);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => airtime(user.token, 100, { pin: '0000' })),
    );
    const codes = replies.map((r) => r.json().code as string);
    expect(codes.filter((c) => c === 'PIN_INCORRECT')).toHaveLength(PIN_MAX_FAILURES - 1);
    expect(codes.filter((c) => c === 'PIN_LOCKED')).toHaveLength(20 - (PIN_MAX_FAILURES - 1));
    expect(await balanceKobo(t, user.token)).toBe(1_000_000);
    // Locked: the right PIN is refused too until the lock runs out.
    expect((await airtime(user.token, 100)).json().code).toBe('PIN_LOCKED');
    expect(await runningTotal(user.id)).toBe(0);
  });

  it('a wrong PIN frees the key it claimed: the retry with the right PIN goes through', async () => {
    const user = await customer(t, 1_000);
    const key = newKey();
    expect((await airtime(user.token, 100, { pin: '0000', key })).json().code).toBe(
      'PIN_INCORRECT',
    );
    const paid = await airtime(user.token, 100, { key });
    expect(paid.statusCode).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(90_000);
  });
});

describe('one key sent 50 times at once', () => {
  it('charges once; every reply is the first reply', async () => {
    const user = await customer(t, 1_000);
    const key = newKey();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => airtime(user.token, 100, { key })),
    );
    const first = replies[0]!;
    expect([200, 202]).toContain(first.statusCode);
    for (const r of replies) {
      expect(r.statusCode).toBe(first.statusCode);
      expect(r.json()).toEqual(first.json());
    }
    expect(await balanceKobo(t, user.token)).toBe(90_000);
    await expectLedgerConsistent(t);
  });
});

describe('the running total', () => {
  it('follows refunds, and the audit catches a total that drifted from its rows', async () => {
    const user = await customer(t, 5_000);
    expect((await airtime(user.token, 300)).statusCode).toBe(200);
    const failed = await t.request({
      method: 'POST',
      url: '/api/transactions/airtime',
      token: user.token,
      payload: {
        network: 1,
        mobile_number: MAGIC_PHONES.failed,
        airtime_type: 'VTU',
        Ported_number: true,
        amount: 200,
        transactionPin: PIN,
      },
    });
    expect(failed.statusCode).toBe(422);
    // The refunded ₦200 no longer counts.
    expect(await runningTotal(user.id)).toBe(30_000);
    await expectLedgerConsistent(t);

    await t.deps.database.db.execute(
      sql`update daily_outflows set total_kobo = total_kobo - 1 where user_id = ${user.id}`,
    );
    const audit = await auditLedger(t.deps.database.db);
    const drift = audit.checks.find((c) => c.name.includes('running outflow'));
    expect(drift?.ok).toBe(false);
    expect(drift?.violations[0]).toMatchObject({ user_id: user.id, rows_total: '30000' });
    await t.deps.database.db.execute(
      sql`update daily_outflows set total_kobo = total_kobo + 1 where user_id = ${user.id}`,
    );
    await expectLedgerConsistent(t);
  });
});
