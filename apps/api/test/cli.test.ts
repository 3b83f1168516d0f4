import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@owo/shared/messages';
import { ledgerAccounts, transactions } from '../src/db/schema';
import { createAdminCommands } from '../src/modules/admin-cli/commands';
import { usersRepository } from '../src/modules/users/repository';
import {
  balanceKobo,
  createTestApp,
  signUp,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestApp,
} from './harness';

let t: TestApp;
let commands: ReturnType<typeof createAdminCommands>;
beforeAll(async () => {
  t = await createTestApp();
  commands = createAdminCommands(t.deps);
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const findByEmail = (email: string) => usersRepository.findByEmail(t.deps.database.db, email);

describe('create-admin', () => {
  it.each([
    ['Sh0rt!', messages.passwordTooShort],
    ['nouppercase1!', messages.passwordNeedsUpper],
    ['NOLOWERCASE1!', messages.passwordNeedsLower],
    ['NoDigitsHere!', messages.passwordNeedsDigit],
    ['NoSpecial123', messages.passwordNeedsSpecial],
  ])(
    'refuses the weak password %j with the spec message and creates nobody',
    async (password, message) => {
      const email = uniqueEmail('weak');
      await expect(commands.createAdmin(email, password)).rejects.toThrow(message);
      expect(await findByEmail(email)).toBeUndefined();
    },
  );

  it('refuses an invalid e-mail', async () => {
    await expect(commands.createAdmin('not-an-email', STRONG_PASSWORD)).rejects.toThrow(
      'Not a valid e-mail address: not-an-email',
    );
  });

  it('creates a verified admin with a wallet who can log in', async () => {
    const email = uniqueEmail('boss');
    const out = await commands.createAdmin(`  ${email.toUpperCase()} `, STRONG_PASSWORD);
    expect(out).toBe(`Created admin ${email}.`);
    const row = await findByEmail(email);
    expect(row).toMatchObject({ email, role: 'admin', isVerified: true, status: 'active' });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const wallets = await t.deps.database.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, row!.id), eq(ledgerAccounts.kind, 'user_wallet')));
    expect(wallets).toHaveLength(1);

    const res = await login(email, STRONG_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { email, role: 'admin', accountBalance: 0 },
    });
    const adminList = await t.request({
      method: 'GET',
      url: '/api/admin/users',
      token: res.json().token,
    });
    expect(adminList.statusCode).toBe(200);
    expect((await login(email, 'Wr0ng!pass')).statusCode).toBe(401);
  });

  it('makes an existing account an admin with the new password', async () => {
    const user = await signUp(t);
    const newPassword = 'N3w!Passw0rd';
    const out = await commands.createAdmin(user.email, newPassword);
    expect(out).toBe(`${user.email} already existed: it is now an admin with the new password.`);
    expect((await findByEmail(user.email))?.role).toBe('admin');
    expect((await login(user.email, newPassword)).json().data.role).toBe('admin');
    expect((await login(user.email, user.password)).statusCode).toBe(401);
  });
});

describe('set-role', () => {
  it('makes an account read-only support staff: admin-area reads yes, money and prices no', async () => {
    const user = await signUp(t);
    expect(await commands.setRole(user.email, 'support')).toBe(
      `${user.email} is now support staff (read-only).`,
    );
    expect((await findByEmail(user.email))?.role).toBe('support');
    const get = (url: string) => t.request({ method: 'GET', url, token: user.token });
    expect((await get('/api/admin/users')).statusCode).toBe(200);
    expect((await get('/api/admin/transactions')).statusCode).toBe(200);
    const credit = await t.request({
      method: 'POST',
      url: `/api/admin/users/${user.id}/credit`,
      token: user.token,
      payload: { amount: 100, reason: 'self' },
    });
    expect(credit.statusCode).toBe(403);
    // And back to a customer: the admin area closes again.
    expect(await commands.setRole(user.email, 'user')).toBe(`${user.email} is now a customer.`);
    expect((await get('/api/admin/users')).statusCode).toBe(403);
  });

  it('refuses an unknown role or account and changes nothing', async () => {
    const user = await signUp(t);
    await expect(commands.setRole(user.email, 'owner')).rejects.toThrow(
      'Not a role: owner (one of user, admin, support).',
    );
    expect((await findByEmail(user.email))?.role).toBe('user');
    const email = uniqueEmail('ghost');
    await expect(commands.setRole(email, 'support')).rejects.toThrow(`No account for ${email}.`);
  });
});

describe('make-admin', () => {
  it('fails clearly for an unknown e-mail and creates nobody', async () => {
    const email = uniqueEmail('ghost');
    await expect(commands.makeAdmin(email)).rejects.toThrow(`No account for ${email}.`);
    expect(await findByEmail(email)).toBeUndefined();
  });

  it('refuses an invalid e-mail', async () => {
    await expect(commands.makeAdmin('nobody@')).rejects.toThrow(
      'Not a valid e-mail address: nobody@',
    );
  });

  it('promotes an existing user, keeping their password and session', async () => {
    const user = await signUp(t);
    const before = await t.request({ method: 'GET', url: '/api/admin/users', token: user.token });
    expect(before.statusCode).toBe(403);

    expect(await commands.makeAdmin(user.email.toUpperCase())).toBe(
      `${user.email} is now an admin.`,
    );
    expect((await findByEmail(user.email))?.role).toBe('admin');
    const me = await t.request({ method: 'GET', url: '/api/user', token: user.token });
    expect(me.json().data.role).toBe('admin');
    const after = await t.request({ method: 'GET', url: '/api/admin/users', token: user.token });
    expect(after.statusCode).toBe(200);
    expect((await login(user.email, user.password)).json().data.role).toBe('admin');
  });
});

describe('credit', () => {
  it('files a credit request by e-mail; an admin’s approval in the app moves the money', async () => {
    const user = await signUp(t);
    const out = await commands.credit(user.email.toUpperCase(), '1500.50', 'Goodwill for outage');
    expect(out).toMatch(
      /^Requested a credit of ₦1,500\.50 to .+ \(request [0-9a-f-]{36}\)\. An admin must approve it on the Approvals screen\. Balance: ₦0\.00$/,
    );
    expect(await balanceKobo(t, user.token)).toBe(0);
    const id = /request ([0-9a-f-]{36})/.exec(out)![1]!;
    const approver = uniqueEmail('approver');
    await commands.createAdmin(approver, STRONG_PASSWORD);
    const token = (await login(approver, STRONG_PASSWORD)).json().token as string;
    const approved = await t.request({
      method: 'POST',
      url: `/api/admin/adjustments/${id}/approve`,
      token,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(150_050);
    const [row] = await t.deps.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, user.id))
      .orderBy(desc(transactions.createdAt));
    expect(row).toMatchObject({
      type: 'credit',
      serviceType: 'adjustment',
      amountKobo: 150_050,
      status: 'success',
      metadata: { note: 'Goodwill for outage', creditedBy: approver, requestedBy: 'cli' },
    });
    expect((await commands.auditLedger()).ok).toBe(true);
  });

  it.each([
    ['an unknown e-mail', 'ghost', '100', 'reason', 'No account for'],
    ['a word for an amount', 'known', 'lots', 'reason', 'Not a naira amount: lots'],
    ['a zero amount', 'known', '0', 'reason', 'Not a naira amount: 0'],
    ['three decimals', 'known', '1.005', 'reason', 'Not a naira amount: 1.005'],
    ['a blank reason', 'known', '100', '   ', 'A reason is required.'],
  ])('refuses %s and moves nothing', async (_what, who, naira, reason, message) => {
    const user = await signUp(t);
    const email = who === 'known' ? user.email : uniqueEmail('ghost');
    await expect(commands.credit(email, naira, reason)).rejects.toThrow(message);
    expect(await balanceKobo(t, user.token)).toBe(0);
  });
});

describe('audit-ledger', () => {
  it('reports a consistent ledger after the credits above', async () => {
    const { ok, report } = await commands.auditLedger();
    expect(ok).toBe(true);
    const lines = report.split('\n');
    expect(lines.at(-1)).toBe('Ledger is consistent.');
    // What the pass covered (the first one checks all history), then the verdict.
    expect(lines.at(-2)).toMatch(/^(First pass: checked all history|Checked \d+ new transfers)/);
    expect(lines.slice(0, -2).every((line) => line.startsWith('ok '))).toBe(true);
  });
});
