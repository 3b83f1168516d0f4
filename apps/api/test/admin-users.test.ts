import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@owo/shared/messages';
import { createAdminCommands } from '../src/modules/admin-cli/commands';
import { usersRepository } from '../src/modules/users/repository';
import { verifiedCustomer } from './deposit-support';
import { createTestApp, signUp, STRONG_PASSWORD, uniqueEmail, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Reply = Awaited<ReturnType<TestApp['request']>>;

/** An admin made the operator's way (the CLI), then signed in through the API. */
async function signInAdmin() {
  const email = uniqueEmail('admin');
  await createAdminCommands(t.deps).createAdmin(email, STRONG_PASSWORD);
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: STRONG_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.role).toBe('admin');
  return { email, token: res.json().token as string, id: res.json().data._id as string };
}

const list = (token: string | undefined, query = '') =>
  t.request({ method: 'GET', url: `/api/admin/users${query}`, token });
const setRole = (token: string | undefined, id: string, payload: unknown) =>
  t.request({
    method: 'PATCH',
    url: `/api/admin/users/${id}/role`,
    token,
    payload: payload as object,
  });
const roleOf = async (id: string) => (await usersRepository.findById(t.deps.database.db, id))?.role;
const countUsers = async () => {
  const result = await t.deps.database.db.execute(sql`select count(*)::int as n from users`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
};

function expectStatus(res: Reply, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ success: false, message });
}

describe('admin users: who may call', () => {
  it('answers 401 without a token or with a bad one', async () => {
    const target = await signUp(t);
    expectStatus(await list(undefined), 401, messages.unauthorized);
    expectStatus(await list('not-a-session-not-a-session'), 401, messages.unauthorized);
    expectStatus(
      await setRole(undefined, target.id, { role: 'admin' }),
      401,
      messages.unauthorized,
    );
    expect(await roleOf(target.id)).toBe('user');
  });

  it('answers 403 to a regular user on both routes and changes nothing', async () => {
    const user = await signUp(t);
    expectStatus(await list(user.token), 403, messages.forbidden);
    expectStatus(await setRole(user.token, user.id, { role: 'admin' }), 403, messages.forbidden);
    expect(await roleOf(user.id)).toBe('user');
    const other = await signUp(t);
    expectStatus(await setRole(user.token, other.id, { role: 'admin' }), 403, messages.forbidden);
    expect(await roleOf(other.id)).toBe('user');
  });

  it('stops an admin who has been demoted at the next request', async () => {
    const admin = await signInAdmin();
    const second = await signInAdmin();
    expect((await list(second.token)).statusCode).toBe(200);
    expect((await setRole(admin.token, second.id, { role: 'user' })).statusCode).toBe(200);
    expectStatus(await list(second.token), 403, messages.forbidden);
  });
});

describe('GET /api/admin/users', () => {
  it('lists users 10 to a page, newest first, with pagination', async () => {
    const admin = await signInAdmin();
    const tag = `pg${randomBytes(4).toString('hex')}`;
    const emails: string[] = [];
    for (let i = 0; i < 12; i += 1) emails.push((await signUp(t, uniqueEmail(tag))).email);

    const first = await list(admin.token, `?search=${tag}`);
    expect(first.statusCode).toBe(200);
    const one = first.json();
    expect(one.success).toBe(true);
    expect(one.pagination).toEqual({ currentPage: 1, totalItems: 12, totalPages: 2 });
    expect(one.data).toHaveLength(10);
    const second = (await list(admin.token, `?search=${tag}&page=2`)).json();
    expect(second.pagination).toEqual({ currentPage: 2, totalItems: 12, totalPages: 2 });
    expect(second.data).toHaveLength(2);
    const listed = [...one.data, ...second.data].map((u: { email: string }) => u.email);
    expect([...listed].sort()).toEqual([...emails].sort());
    // Newest first.
    expect(listed[0]).toBe(emails[11]);
    expect(listed[11]).toBe(emails[0]);

    const past = (await list(admin.token, `?search=${tag}&page=3`)).json();
    expect(past.data).toEqual([]);
    expect(past.pagination).toEqual({ currentPage: 3, totalItems: 12, totalPages: 2 });

    // User DTOs, never secrets.
    expect(one.data[0]).toMatchObject({
      role: 'user',
      accountBalance: 0,
      hasSetTransactionPin: false,
    });
    expect(first.body).not.toMatch(/hash|password/i);
  });

  it('counts every user without a search', async () => {
    const admin = await signInAdmin();
    const res = await list(admin.token);
    expect(res.statusCode).toBe(200);
    const total = await countUsers();
    expect(res.json().pagination).toEqual({
      currentPage: 1,
      totalItems: total,
      totalPages: Math.ceil(total / 10),
    });
    expect(res.json().data).toHaveLength(Math.min(10, total));
  });

  it('searches by e-mail and by name, case-insensitively', async () => {
    const admin = await signInAdmin();
    const tag = `find${randomBytes(4).toString('hex')}`;
    const user = await signUp(t, uniqueEmail(tag));
    const byEmail = (await list(admin.token, `?search=${tag.toUpperCase()}`)).json();
    expect(byEmail.data.map((u: { email: string }) => u.email)).toEqual([user.email]);
    const byName = (await list(admin.token, `?search=${encodeURIComponent('ada')}`)).json();
    expect(byName.pagination.totalItems).toBeGreaterThanOrEqual(1);
  });

  it('treats % and _ in a search as plain characters', async () => {
    const admin = await signInAdmin();
    // A letter first: a hex tag starting "25" would put a literal "%25" in the name.
    const tag = `z${randomBytes(4).toString('hex')}`;
    const user = await signUp(t);
    const named = await t.request({
      method: 'PATCH',
      url: '/api/user/update',
      token: user.token,
      payload: { lastName: `O_Neil%${tag}` },
    });
    expect(named.statusCode).toBe(200);
    // Only this user's name holds a literal % or _; as wildcards these would match everyone.
    for (const search of ['\\', '%25', `O%Neil`, `O_N_il`, `${tag}_`]) {
      const res = await list(admin.token, `?search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
      expect(
        res.json().pagination.totalItems,
        `${search} → ${JSON.stringify(res.json().data)}`,
      ).toBe(0);
    }
    for (const search of ['%', '_', `O_Neil%${tag}`, `_Neil%`, `%${tag}`]) {
      const res = await list(admin.token, `?search=${encodeURIComponent(search)}`);
      expect(res.json().data.map((u: { _id: string }) => u._id)).toEqual([user.id]);
    }
  });

  it.each(['0', '-1', 'abc', '1.5', '100001'])('rejects page=%s with 400', async (page) => {
    const admin = await signInAdmin();
    const res = await list(admin.token, `?page=${page}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});

describe('PATCH /api/admin/users/:id/role', () => {
  it('promotes a user, who can then use admin routes, and demotes them again', async () => {
    const admin = await signInAdmin();
    const user = await signUp(t);
    expectStatus(await list(user.token), 403, messages.forbidden);

    const res = await setRole(admin.token, user.id, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Role set to admin.',
      data: { _id: user.id, email: user.email, role: 'admin' },
    });
    expect(await roleOf(user.id)).toBe('admin');
    expect((await list(user.token)).statusCode).toBe(200);
    const me = await t.request({ method: 'GET', url: '/api/user', token: user.token });
    expect(me.json().data.role).toBe('admin');

    const back = await setRole(admin.token, user.id, { role: 'user' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data.role).toBe('user');
    expectStatus(await list(user.token), 403, messages.forbidden);
  });

  it('does not let an admin remove their own admin role', async () => {
    const admin = await signInAdmin();
    expectStatus(
      await setRole(admin.token, admin.id, { role: 'user' }),
      403,
      'You cannot remove your own admin role.',
    );
    expect(await roleOf(admin.id)).toBe('admin');
    expect((await list(admin.token)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const admin = await signInAdmin();
    const before = await countUsers();
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      '1',
      "x'%20or%201=1--",
    ]) {
      expectStatus(await setRole(admin.token, id, { role: 'admin' }), 404, messages.notFound);
    }
    expect(await countUsers()).toBe(before);
  });

  it.each([[{ role: 'superuser' }], [{ role: 'ADMIN' }], [{ role: '' }], [{}]])(
    'rejects the body %j with 400 and changes nothing',
    async (payload) => {
      const admin = await signInAdmin();
      const user = await signUp(t);
      const res = await setRole(admin.token, user.id, payload);
      expectStatus(res, 400, 'Role must be user, admin or support.');
      expect(await roleOf(user.id)).toBe('user');
    },
  );
});

describe('GET /api/admin/users: search by phone, full name and account number', () => {
  it('finds a customer by any spelling of their phone number', async () => {
    const admin = await signInAdmin();
    const user = await signUp(t);
    const phone = `0803${String(randomBytes(4).readUInt32BE(0) % 10_000_000).padStart(7, '0')}`;
    const set = await t.request({
      method: 'PATCH',
      url: '/api/user/update',
      token: user.token,
      payload: { phoneNumber: phone },
    });
    expect(set.statusCode, set.body).toBe(200);
    for (const search of [phone, `+234${phone.slice(1)}`, phone.slice(1), phone.slice(4)]) {
      const res = await list(admin.token, `?search=${encodeURIComponent(search)}`);
      expect(
        res.json().data.map((u: { _id: string }) => u._id),
        search,
      ).toContain(user.id);
    }
  });

  it('finds a customer by "first last" and by a bank account number', async () => {
    const admin = await signInAdmin();
    const tag = `q${randomBytes(3).toString('hex')}`;
    const user = await verifiedCustomer(t);
    await t.request({
      method: 'PATCH',
      url: '/api/user/update',
      token: user.token,
      payload: { firstName: `Chi${tag}`, lastName: `Eze${tag}` },
    });
    const byName = (await list(admin.token, `?search=${encodeURIComponent(`Chi${tag} Eze`)}`))
      .json()
      .data.map((u: { _id: string }) => u._id);
    expect(byName).toEqual([user.id]);
    const number = user.account.accountNumber;
    const byAccount = (await list(admin.token, `?search=${number}`)).json();
    expect(byAccount.data.map((u: { _id: string }) => u._id)).toEqual([user.id]);
    expect(byAccount.data[0].accountNumber).toBe(number);
  });
});

describe('GET /api/admin/users/:id and its statement', () => {
  it('shows KYC state, accounts, balance, limits used today and no status change yet', async () => {
    const admin = await signInAdmin();
    const user = await verifiedCustomer(t);
    await t.services.adjustments.credit({
      userId: user.id,
      amountKobo: 300_000,
      reason: 'seed',
      actor: 'test',
    });
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/users/${user.id}`,
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const limits = t.deps.config.walletLimits.verified;
    expect(res.json()).toMatchObject({
      success: true,
      data: {
        user: { _id: user.id, email: user.email, accountBalance: 3000, isKYCVerified: true },
        kyc: { verified: true, lastCheck: { status: 'completed' } },
        limits: {
          dailyOut: limits.dailyOutKobo / 100,
          spentToday: 0,
          balanceCap: limits.balanceCapKobo / 100,
        },
        lastStatusChange: null,
      },
    });
    expect(
      res
        .json()
        .data.accounts.map((a: { kind: string }) => a.kind)
        .sort(),
    ).toEqual(['subaccount', 'virtual']);
    expect(res.body).not.toMatch(/hash|digest|password/i);
  });

  it('counts what the customer spent today against their daily limit', async () => {
    const admin = await signInAdmin();
    const sender = await signUp(t);
    const recipient = await signUp(t);
    await t.services.adjustments.credit({
      userId: sender.id,
      amountKobo: 100_000,
      reason: 'seed',
      actor: 'test',
    });
    await t.request({
      method: 'POST',
      url: '/api/user/set-transaction-pin',
      token: sender.token,
      payload: { transactionPin: '1234' },
    });
    const sent = await t.request({
      method: 'POST',
      url: '/api/transfers',
      token: sender.token,
      payload: { recipientIdentifier: recipient.id, amount: 150, transactionPin: '1234' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/users/${sender.id}`,
      token: admin.token,
    });
    expect(res.json().data.limits.spentToday).toBe(150);
    expect(res.json().data.kyc).toEqual({ verified: false, lastCheck: null });
  });

  it("pages the customer's statement with the History filters", async () => {
    const admin = await signInAdmin();
    const user = await signUp(t);
    for (let i = 1; i <= 12; i += 1) {
      await t.services.adjustments.credit({
        userId: user.id,
        amountKobo: i * 100,
        reason: `n${i}`,
        actor: 'test',
      });
    }
    const statement = (query: string) =>
      t.request({
        method: 'GET',
        url: `/api/admin/users/${user.id}/transactions${query}`,
        token: admin.token,
      });
    const first = await statement('?limit=5');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().pagination).toEqual({ page: 1, limit: 5, total: 12, pages: 3 });
    expect(first.json().transactions).toHaveLength(5);
    const third = await statement('?limit=5&page=3');
    expect(third.json().transactions).toHaveLength(2);
    // The same search as History: an amount, and the title a row shows.
    const byAmount = await statement('?search=7');
    expect(byAmount.json().transactions.map((r: { amount: number }) => r.amount)).toContain(7);
    const byTitle = await statement(`?search=${encodeURIComponent('wallet credit')}`);
    expect(byTitle.json().pagination.total).toBe(12);
    const year = new Date(t.clock.now().getTime() + 3_600_000).getUTCFullYear();
    expect((await statement(`?year=${year}`)).json().pagination.total).toBe(12);
    expect((await statement(`?year=${year - 1}`)).json().pagination.total).toBe(0);
    // Only this customer's rows, and the same answer the customer gets.
    const own = await t.request({ method: 'GET', url: '/api/transactions', token: user.token });
    expect((await statement('')).json().transactions).toEqual(own.json().transactions);
    expect((await statement('?month=13')).statusCode).toBe(400);
  });

  it('answers 404 for an unknown or malformed id, and 403 to a customer', async () => {
    const admin = await signInAdmin();
    const user = await signUp(t);
    const other = await signUp(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const url of [`/api/admin/users/${id}`, `/api/admin/users/${id}/transactions`]) {
        const res = await t.request({ method: 'GET', url, token: admin.token });
        expectStatus(res, 404, messages.notFound);
      }
    }
    for (const id of [user.id, other.id]) {
      for (const url of [`/api/admin/users/${id}`, `/api/admin/users/${id}/transactions`]) {
        const res = await t.request({ method: 'GET', url, token: user.token });
        expectStatus(res, 403, messages.forbidden);
      }
    }
  });
});
