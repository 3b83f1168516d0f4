import { expect, request, test, type Page } from '@playwright/test';
import { adminMessages } from '@owo/shared/admin-messages';
import { messages } from '@owo/shared/messages';
import { ADMIN, CHECKER } from '../../playwright.config';
import { newEmail, signUpByEmail } from './support/flows';
import { shot } from './support/shots';
import { openAdminPage } from './support/admin';
import { fundWallet, sessionOf } from './support/wallet';

/**
 * The audit log screen (/admin/audit) and the shutdown switch as a customer meets it: an admin
 * credits a wallet and shuts Data down and restores it over HTTP; the customer's Data tile says
 * the service is unavailable meanwhile; the admin then reads the entries and filters them.
 */

/** POSTs an admin call with the admin page's session. */
async function adminPost(admin: Page, url: string, data: unknown) {
  const { auth } = await sessionOf(admin);
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const reply = await ctx.post(url, {
      data,
      headers: { Authorization: `Bearer ${auth.token}` },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
    return (await reply.json()) as { message: string };
  } finally {
    await ctx.dispose();
  }
}

const entries = (admin: Page) =>
  admin.getByRole('region', { name: 'Audit entries' }).getByRole('article');

test('admin audit log: entries of a credit and a shutdown, newest first, and the filters', async ({
  page,
  browser,
}) => {
  const reason = `Goodwill ${Date.now().toString(36)}`;
  await signUpByEmail(page, newEmail('audited'), 'Kemi');
  await fundWallet(page, 1_234.5, reason);

  const admin = await openAdminPage(browser);
  const off = await adminPost(admin, '/api/admin/system/emergency-shutdown', {
    reason: 'Supplier maintenance',
    duration: 30,
    services: ['data'],
  });
  expect(off.message).toBe(adminMessages.shutdownSuccess);

  // The customer's home: the Data tile is marked off and explains itself; Airtime still opens.
  await page.goto('/home');
  const dataTile = page.getByRole('button', { name: 'Data', exact: true });
  await expect(dataTile).toHaveAccessibleDescription('Temporarily unavailable');
  await dataTile.click();
  const dialog = page.getByRole('alertdialog', { name: messages.serviceUnavailable });
  await expect(dialog).toContainText('Data purchase is temporarily unavailable');
  await shot(page, 'home-data-off');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);

  const back = await adminPost(admin, '/api/admin/system/emergency-restore', {
    services: ['data'],
  });
  expect(back.message).toBe(adminMessages.restoreSuccess);

  await admin.goto('/admin/audit');
  await expect(admin.getByText(adminMessages.auditTitle, { exact: true })).toBeVisible();
  const list = entries(admin);
  await expect(list.first()).toBeVisible();
  await shot(admin, 'audit-list');

  // Newest first: the restore, the shutdown, then the credit (approved by the second admin)
  // and its request (filed by the first): four eyes on staff money.
  await expect(list.nth(0)).toHaveAccessibleName('Service restored');
  await expect(list.nth(0)).toContainText('Service · Data');
  await expect(list.nth(1)).toHaveAccessibleName('Service shut down');
  await expect(list.nth(1)).toContainText('Supplier maintenance');
  await expect(list.nth(1)).toContainText('30 mins');
  const withReason = list.filter({ hasText: reason });
  await expect(withReason).toHaveCount(2);
  const credit = withReason.nth(0);
  await expect(credit).toHaveAccessibleName('Wallet credited');
  await expect(credit).toContainText('₦1,234.50');
  await expect(credit).toContainText(`by ${CHECKER.email}`);
  await expect(withReason.nth(1)).toHaveAccessibleName('Adjustment requested');
  await expect(withReason.nth(1)).toContainText(`by ${ADMIN.email}`);
  for (const i of [0, 1]) await expect(list.nth(i)).toContainText(`by ${ADMIN.email}`);

  // Filter by action: only credits.
  const action = admin.getByLabel('Action');
  await action.selectOption({ label: 'Wallet credited' });
  await expect(list.filter({ hasNotText: 'Wallet credited' })).toHaveCount(0);
  await expect(list.filter({ hasText: reason })).toHaveCount(1);
  await shot(admin, 'audit-filter-action');

  // Filter by admin: the CLI operator who created the admin has no credits → the empty state.
  const who = admin.getByLabel('Admin');
  const cliOption = who.locator('option', { hasText: 'CLI' });
  await expect(cliOption).toHaveCount(1);
  await who.selectOption({ label: (await cliOption.textContent())!.trim() });
  await expect(admin.getByText(adminMessages.auditNoMatch)).toBeVisible();
  await expect(admin.getByText(adminMessages.auditTryFilter)).toBeVisible();
  await shot(admin, 'audit-empty');

  // All actions by the CLI: the role it gave the admin at start-up.
  await action.selectOption({ label: adminMessages.auditAllActions });
  await expect(list.first()).toHaveAccessibleName('Role changed');
  await expect(list.first()).toContainText('Admin');
  await expect(list.filter({ hasText: `by ${ADMIN.email}` })).toHaveCount(0);

  await who.selectOption({ label: adminMessages.auditAllAdmins });
  await expect(list.first()).toHaveAccessibleName('Service restored');

  await admin.getByRole('button', { name: 'Back' }).click();
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.context().close();
});

test('a regular customer cannot open the audit log', async ({ page }) => {
  await signUpByEmail(page, newEmail('curious'), 'Bayo');
  await page.goto('/admin/audit');
  await expect(page.getByRole('region', { name: 'Audit entries' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/home$/);
});

test('a system shutdown marks every quick service off, betting and airtime to cash included', async ({
  page,
  browser,
}) => {
  await signUpByEmail(page, newEmail('grid'), 'Uche');
  const admin = await openAdminPage(browser);
  await adminPost(admin, '/api/admin/system/emergency-shutdown', {
    duration: 10,
    services: ['system'],
  });
  try {
    await page.goto('/home');
    for (const name of [
      'Data',
      'CableTv',
      'Electricity',
      'Airtime',
      'Airtime to Cash',
      'Betting',
    ]) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveAccessibleDescription(
        'Temporarily unavailable',
      );
    }
    await page.getByRole('region', { name: 'Quick services' }).scrollIntoViewIfNeeded();
    await shot(page, 'home-system-off');
    await page.getByRole('button', { name: 'Betting', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: messages.serviceUnavailable });
    await expect(dialog).toContainText('Betting is temporarily unavailable');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/home$/);
  } finally {
    await adminPost(admin, '/api/admin/system/emergency-restore', { services: ['system'] });
  }
  // Restored: the tiles are on again for the next look at the home screen.
  await page.reload();
  await expect(
    page.getByRole('button', { name: 'Betting', exact: true }),
  ).not.toHaveAccessibleDescription('Temporarily unavailable');
  await admin.context().close();
});
