import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { adminMessages } from '@owo/shared/admin-messages';
import { adminUserMessages as m } from '@owo/shared/admin-user-messages';
import { ADMIN } from '../../playwright.config';
import { buyAirtimeByApi } from './support/dashboard';
import { newEmail, signUpByEmail } from './support/flows';
import { screenShot } from './support/toasts';
import { fundWallet, sessionOf, setPinByApi } from './support/wallet';

/**
 * The read-only support role (decision 0032): an admin makes a customer support staff through the
 * role-change endpoint; they then open the admin area's read screens (dashboard figures, users with
 * profiles and statements, transactions, audit), see no button that would change something, and
 * the server refuses their writes.
 */

const PIN = '2580';

async function adminApi(): Promise<{ ctx: APIRequestContext; headers: Record<string, string> }> {
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await ctx.post('/api/auth/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return { ctx, headers: { Authorization: `Bearer ${token}` } };
}

test('support staff read the admin area without any button that changes something; the server refuses their writes', async ({
  page,
  browser,
}) => {
  // Two sign-ups, a four-eyes credit (two admins sign in) and five screens: more than the
  // default minute on a busy machine.
  test.setTimeout(180_000);
  const { ctx, headers } = await adminApi();
  try {
    // A customer with an order, for the support desk to look up.
    const customer = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: test.info().project.use.viewport,
    });
    const customerPage = await customer.newPage();
    const customerEmail = newEmail('desk-customer');
    await signUpByEmail(customerPage, customerEmail, 'Chioma');
    await setPinByApi(customerPage, PIN);
    await fundWallet(customerPage, 1_000);
    await buyAirtimeByApi(customerPage, 100, PIN);
    const customerId = (await sessionOf(customerPage)).user._id;
    await customer.close();

    // The support person signs up, and an admin gives them the support role.
    await signUpByEmail(page, newEmail('desk'), 'Tunde');
    const { user } = await sessionOf(page);
    const role = await ctx.patch(`/api/admin/users/${user._id}/role`, {
      headers,
      data: { role: 'support' },
    });
    expect(role.ok(), await role.text()).toBe(true);
    await page.reload();

    // Profile → Admin opens the dashboard: figures, no system switch, no Manage Services.
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: adminMessages.profitTitle })).toBeVisible();
    await expect(page.getByTestId('revenue-total').locator('[data-figure]')).toBeVisible();
    await expect(page.getByRole('region', { name: adminMessages.systemShutdown })).toHaveCount(0);
    const links = page.getByRole('navigation', { name: 'Admin' });
    await expect(links.getByRole('link', { name: adminMessages.auditLog })).toBeVisible();
    await expect(links.getByRole('link', { name: adminMessages.manageServices })).toHaveCount(0);
    await screenShot(page, 'support-dashboard');
    await links.scrollIntoViewIfNeeded();
    await screenShot(page, 'support-dashboard-links');

    // Manage Services is an admin's screen: support goes back to the dashboard.
    await page.goto('/admin/services');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // Users: search, the profile and its statement; no Credit, Debit, Suspend or Role.
    await page.goto('/admin/users');
    await page.getByRole('searchbox').fill(customerEmail);
    const list = page.getByRole('region', { name: m.usersTitle });
    await expect(list.getByRole('link')).toHaveCount(1);
    await list.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/admin/users/${customerId}$`));
    await expect(page.getByTestId('profile-balance')).toHaveText('₦900.00');
    const statement = page.getByRole('region', { name: m.statementTitle });
    await expect(statement).toContainText('Airtime');
    for (const name of [m.credit, m.debit, m.suspend])
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: new RegExp(m.changeRole) })).toHaveCount(0);
    await screenShot(page, 'support-user-profile');

    // Transactions: the order opens, with no Approve, Refund or Reverse, and no export.
    await page.goto('/admin/transaction');
    await expect(page.getByRole('button', { name: /Export CSV/ })).toHaveCount(0);
    const rows = page.getByRole('region', { name: 'Transactions' });
    await rows.getByRole('button').first().click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toBeVisible();
    for (const name of ['Approve', 'Refund', 'Reverse'])
      await expect(sheet.getByRole('button', { name, exact: true })).toHaveCount(0);
    await screenShot(page, 'support-transaction-sheet');
    await page.keyboard.press('Escape');

    // The audit log reads, and names the role change that made them support staff.
    await page.goto('/admin/audit');
    await expect(page.getByRole('article', { name: 'Role changed' }).first()).toContainText(
      'Tunde',
    );

    // The server refuses what the screens hide, and changes nothing.
    const { auth } = await sessionOf(page);
    const support = { Authorization: `Bearer ${auth.token}` };
    const credit = await ctx.post(`/api/admin/users/${customerId}/credit`, {
      headers: support,
      data: { amount: 500, reason: 'support desk attempt' },
    });
    expect(credit.status()).toBe(403);
    const shutdown = await ctx.post('/api/admin/system/emergency-shutdown', {
      headers: support,
      data: { duration: 10, services: ['airtime'] },
    });
    expect(shutdown.status()).toBe(403);
    const promote = await ctx.patch(`/api/admin/users/${user._id}/role`, {
      headers: support,
      data: { role: 'admin' },
    });
    expect(promote.status()).toBe(403);
    const profile = await ctx.get(`/api/admin/users/${customerId}`, { headers });
    expect((await profile.json()).data.user.accountBalance).toBe(900);
  } finally {
    await ctx.dispose();
  }
});
