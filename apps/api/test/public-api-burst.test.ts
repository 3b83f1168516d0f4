import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  type TestApp,
} from './harness';
import { callApi, createApiKey, verifyWallet } from './api-key-support';
import { countRows } from './purchase-support';

/**
 * One reseller key, many purchases at once, through two API nodes on one database (on PostgreSQL
 * each with its own pool): the wallet pays for exactly what it holds, each reference buys once.
 */

/** The per-key limits out of the way: this file is about the money, rate-limits.ts about limits. */
const UNLIMITED = {
  API_KEY_REQUESTS_PER_SECOND: '10000',
  API_KEY_REQUESTS_PER_MINUTE: '10000',
  API_KEY_PURCHASES_PER_MINUTE: '10000',
  // 200 supplier calls at once on a loaded machine can pass the harness's timeout (pending).
  PROVIDER_TIMEOUT_MS: '15000',
};

let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp(UNLIMITED);
  other = await createTestApp(UNLIMITED, { sameDatabaseAs: t });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const AIRTIME_NAIRA = 100;

const airtime = (reference: string) => ({
  reference,
  network: 'MTN',
  phone: MAGIC_PHONES.delivered,
  amount: AIRTIME_NAIRA,
});

describe('a burst of API purchases on one key', () => {
  it('200 at once on a wallet funded for 5: exactly 5 bought, 195 refused 402, the ledger balanced', async () => {
    const total = 200;
    const affordable = 5;
    const seller = await customer(t, affordable * AIRTIME_NAIRA);
    await verifyWallet(t, seller.id);
    const key = await createApiKey(t, seller.id);

    const replies = await Promise.all(
      Array.from({ length: total }, (_, i) =>
        callApi(
          i % 2 === 0 ? t : other,
          key,
          'POST',
          '/api/v1/purchases/airtime',
          airtime(`burst-${i.toString().padStart(4, '0')}`),
        ),
      ),
    );

    const byStatus: Record<number, number> = {};
    for (const r of replies) byStatus[r.statusCode] = (byStatus[r.statusCode] ?? 0) + 1;
    const unexpected = replies.filter((r) => r.statusCode !== 200 && r.statusCode !== 402);
    expect(unexpected.map((r) => `${r.statusCode} ${r.body}`).slice(0, 3)).toEqual([]);
    expect(byStatus).toEqual({ 200: affordable, 402: total - affordable });
    for (const r of replies.filter((x) => x.statusCode === 402)) {
      expect(r.json().code).toBe('INSUFFICIENT_FUNDS');
    }
    const bought = replies.filter((r) => r.statusCode === 200).map((r) => r.json().data);
    expect(new Set(bought.map((o) => o.reference)).size).toBe(affordable);
    expect(new Set(bought.map((o) => o.clientReference)).size).toBe(affordable);

    expect(await balanceKobo(t, seller.token)).toBe(0);
    // The funding and one history row per purchase; none for the refusals.
    expect(await countRows(t, seller.id)).toBe(1 + affordable);
    await expectLedgerConsistent(t);
  });

  it('the same reference 40 times at once buys once; every reply is the first one', async () => {
    const seller = await customer(t, 10 * AIRTIME_NAIRA);
    await verifyWallet(t, seller.id);
    const key = await createApiKey(t, seller.id);
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        callApi(i % 2 === 0 ? t : other, key, 'POST', '/api/v1/purchases/airtime', {
          ...airtime('same-reference-0001'),
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 200));
    const references = new Set(replies.map((r) => r.json().data.reference));
    expect(references.size).toBe(1);
    expect(await balanceKobo(t, seller.token)).toBe(9 * AIRTIME_NAIRA * 100);
    expect(await countRows(t, seller.id)).toBe(2);
    await expectLedgerConsistent(t);
  });
  it('200 at once on a key allowed 5 purchases a minute, a wallet funded for 50: exactly 5 bought', async () => {
    // Two more API nodes on the same database, each with the key's purchase limit at 5.
    const limited = { ...UNLIMITED, API_KEY_PURCHASES_PER_MINUTE: '5' };
    const a = await createTestApp(limited, { sameDatabaseAs: t });
    const b = await createTestApp(limited, { sameDatabaseAs: t });
    try {
      const seller = await customer(t, 50 * AIRTIME_NAIRA);
      await verifyWallet(t, seller.id);
      const key = await createApiKey(t, seller.id);
      const replies = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          callApi(
            i % 2 === 0 ? a : b,
            key,
            'POST',
            '/api/v1/purchases/airtime',
            airtime(`limited-${i.toString().padStart(4, '0')}`),
          ),
        ),
      );
      const unexpected = replies.filter((r) => r.statusCode !== 200 && r.statusCode !== 429);
      expect(unexpected.map((r) => `${r.statusCode} ${r.body}`).slice(0, 3)).toEqual([]);
      expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(5);
      for (const r of replies.filter((x) => x.statusCode === 429)) {
        expect(r.json().code).toBe('RATE_LIMITED');
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(await balanceKobo(t, seller.token)).toBe(45 * AIRTIME_NAIRA * 100);
      expect(await countRows(t, seller.id)).toBe(1 + 5);
      await expectLedgerConsistent(t);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
