import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@owo/shared/messages';
import { createTestApp, fund, signUp, type TestApp } from './harness';
import { accountRows, verifiedCustomer } from './deposit-support';

describe('accounts: GET account, account/{id}, account/virtual/account/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (token: string, url: string) => t.request({ method: 'GET', url, token });

  it('lists the caller’s accounts with the wallet balance', async () => {
    const user = await verifiedCustomer(t);
    await fund(t, user.id, 1234.5);
    const res = await get(user.token, '/api/account');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: messages.accountsFetched });
    const accounts = res.json().data as { accountType: string; accountBalance: number }[];
    expect(accounts.map((a) => a.accountType).sort()).toEqual(['subaccount', 'virtual']);
    expect(accounts.every((a) => a.accountBalance === 1234.5)).toBe(true);
    const sub = accounts.find((a) => a.accountType === 'subaccount');
    expect(sub).toMatchObject({ bankName: 'Safe Haven MFB', status: 'active' });

    const fresh = await signUp(t);
    expect((await get(fresh.token, '/api/account')).json()).toMatchObject({
      success: true,
      data: [],
    });
  });

  it('reads one account by id, and the virtual account by its id or the caller’s user id', async () => {
    const user = await verifiedCustomer(t);
    const rows = await accountRows(t, user.id);
    const virtual = rows.find((r) => r.kind === 'virtual')!;
    const sub = rows.find((r) => r.kind === 'subaccount')!;

    const one = await get(user.token, `/api/account/${sub.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({
      _id: sub.id,
      accountNumber: sub.accountNumber,
      accountType: 'subaccount',
    });

    for (const id of [virtual.id, user.id]) {
      const res = await get(user.token, `/api/account/virtual/account/${id}`);
      expect(res.statusCode, id).toBe(200);
      expect(res.json().data).toMatchObject({
        _id: virtual.id,
        accountNumber: user.account.accountNumber,
        accountType: 'virtual',
        bankName: 'PalmPay',
      });
    }
    // The sub-account is not a virtual account.
    expect((await get(user.token, `/api/account/virtual/account/${sub.id}`)).statusCode).toBe(404);
  });

  it('another user reads none of them (404 on every endpoint taking an id)', async () => {
    const owner = await verifiedCustomer(t);
    const rows = await accountRows(t, owner.id);
    const other = await signUp(t);
    const urls = [
      ...rows.map((r) => `/api/account/${r.id}`),
      ...rows.map((r) => `/api/account/virtual/account/${r.id}`),
      `/api/account/virtual/account/${owner.id}`,
      '/api/account/not-a-uuid',
      '/api/account/virtual/account/not-a-uuid',
    ];
    for (const url of urls) {
      const res = await get(other.token, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toBe(messages.accountNotFound);
    }
    expect((await get(other.token, '/api/account')).json().data).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
  });
});
