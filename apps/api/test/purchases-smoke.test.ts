import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  type TestApp,
} from './harness';

describe('purchases: the main paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('buys MTN airtime in-house: debit, success, history row', async () => {
    const user = await customer(t, 1000);
    const res = await t.request({
      method: 'POST',
      url: '/api/transactions/airtime',
      token: user.token,
      headers: { 'idempotency-key': 'smoke-airtime-0001' },
      payload: {
        network: 1,
        mobile_number: MAGIC_PHONES.delivered,
        airtime_type: 'VTU',
        Ported_number: true,
        amount: 200,
        transactionPin: '1234',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, status: 'success' });
    expect(await balanceKobo(t, user.token)).toBe(80_000);
    const history = await t.request({ method: 'GET', url: '/api/transactions', token: user.token });
    const debit = history.json().transactions.find((x: { type: string }) => x.type === 'debit');
    expect(debit).toMatchObject({
      type: 'debit',
      serviceType: 'airtime',
      amount: 200,
      status: 'success',
    });
    await expectLedgerConsistent(t);
  });

  it('a failed in-house purchase refunds once', async () => {
    const user = await customer(t, 1000);
    const res = await t.request({
      method: 'POST',
      url: '/api/transactions/airtime',
      token: user.token,
      payload: {
        network: 1,
        mobile_number: MAGIC_PHONES.failed,
        amount: 200,
        transactionPin: '1234',
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(await balanceKobo(t, user.token)).toBe(100_000);
    await expectLedgerConsistent(t);
  });

  it('pending then delivered: the reconciler posts it', async () => {
    const user = await customer(t, 1000);
    const res = await t.request({
      method: 'POST',
      url: '/api/vtpass/airtime',
      token: user.token,
      payload: {
        serviceID: 'mtn',
        phone: MAGIC_PHONES.pendingThenDelivered,
        amount: 300,
        transactionPin: '1234',
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(await balanceKobo(t, user.token)).toBe(70_000);
    await expectLedgerConsistent(t);
    t.clock.advance(60_000);
    const pass = await t.services.reconciler.runOnce();
    expect(pass.delivered).toBe(1);
    expect(await balanceKobo(t, user.token)).toBe(70_000);
    await expectLedgerConsistent(t);
  });

  it('lists the catalogues', async () => {
    const user = await customer(t);
    for (const url of [
      '/api/transactions/networks',
      '/api/transactions/data-plans',
      '/api/transactions/data-plans/ogdams',
      '/api/transactions/cable-list',
      '/api/transactions/cable-plans?cablename=GOTV',
      '/api/transactions/utility-providers',
      '/api/vtpass/data?serviceID=mtn-data',
      '/api/vtpass/tv?serviceID=dstv',
    ]) {
      const res = await t.request({ method: 'GET', url, token: user.token });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.json().data.length, url).toBeGreaterThan(0);
      expect(res.body, url).not.toContain('cost');
    }
  });

  it('labels cable plans with the naira sign the rest of the app prints ("₦1,900", not "N1,900")', async () => {
    const user = await customer(t);
    const res = await t.request({
      method: 'GET',
      url: '/api/transactions/cable-plans?cablename=GOTV',
      token: user.token,
    });
    const plans = res.json().data as { package: string; sellingPrice: number; label: string }[];
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan.label).toBe(`${plan.package} - ₦${plan.sellingPrice.toLocaleString('en-NG')}`);
    }
  });
});
