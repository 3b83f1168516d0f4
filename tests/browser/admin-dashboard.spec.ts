import { expect, test, type Page } from '@playwright/test';
import { formatKobo } from '@owo/shared/money';
import { messages } from '@owo/shared/messages';
import { adminMessages } from '@owo/shared/admin-messages';
import {
  buyAirtimeByApi,
  buyDataByApi,
  cheapestMtnPlan,
  choosePeriod,
  figures,
  openDashboard,
  restoreSystemByApi,
  settled,
} from './support/dashboard';
import type { CheckoutDepositReply } from '@owo/shared/api-types';
import { customerCall } from './support/customer-api';
import { newEmail, signUpByEmail, tapPin } from './support/flows';
import { simulateTransfer } from './support/sandbox';
import { screenShot } from './support/toasts';
import { fundWallet, homeBalance, setPinByApi } from './support/wallet';

/**
 * The admin dashboard against figures this file seeds. The browser suite's database is shared by
 * every spec file of a run, so the figures are read before and after seeding and the DIFFERENCES
 * are compared with what was seeded.
 */

const PIN = '2580';
const FUNDS = 5_000;
const AIRTIME = 100;

const TRACKED = [
  'revenue-total',
  'revenue-airtime',
  'revenue-data',
  'transactions-total',
  'transactions-successful',
  'users-total',
  'users-new',
  'users-active',
  'users-balance',
] as const;

async function fundedCustomer(page: Page, prefix: string) {
  await signUpByEmail(page, newEmail(prefix));
  await setPinByApi(page, PIN);
  await fundWallet(page, FUNDS);
}

test('the dashboard shows the seeded purchases in each period, with the spec cards', async ({
  page,
  browser,
}) => {
  const admin = await openDashboard(browser);
  // Monthly is the default tab.
  await expect(admin.getByRole('tab', { name: 'Monthly' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await settled(admin);
  const monthlyBefore = await figures(admin, TRACKED);
  await choosePeriod(admin, 'Daily');
  const dailyBefore = await figures(admin, TRACKED);

  // Seed: a new customer, funded by the admin, buys ₦100 airtime and the cheapest MTN plan.
  await fundedCustomer(page, 'dash');
  await buyAirtimeByApi(page, AIRTIME, PIN);
  const { plan, kobo: planKobo } = await cheapestMtnPlan(page);
  await buyDataByApi(page, plan, PIN);
  const spent = AIRTIME * 100 + planKobo;

  const expected = (before: Record<(typeof TRACKED)[number], number>) => ({
    'revenue-total': before['revenue-total'] + spent,
    'revenue-airtime': before['revenue-airtime'] + AIRTIME * 100,
    'revenue-data': before['revenue-data'] + planKobo,
    // The admin credit, the airtime and the data: three successful transactions.
    'transactions-total': before['transactions-total'] + 3,
    'transactions-successful': before['transactions-successful'] + 3,
    'users-total': before['users-total'] + 1,
    'users-new': before['users-new'] + 1,
    'users-active': before['users-active'] + 1,
    'users-balance': before['users-balance'] + FUNDS * 100 - spent,
  });

  // The sandbox may answer "pending" first and deliver moments later: reload until it shows.
  await expect(async () => {
    await admin.reload();
    await choosePeriod(admin, 'Daily');
    expect(await figures(admin, TRACKED)).toEqual(expected(dailyBefore));
  }).toPass({ timeout: 30_000 });
  // Text as the admin reads it: two decimals, naira.
  await expect(admin.getByTestId('revenue-airtime')).toContainText(
    formatKobo(dailyBefore['revenue-airtime'] + AIRTIME * 100),
  );
  // Daily hides Deposit; TVSubscription shows.
  await expect(admin.getByTestId('revenue-deposit')).toHaveCount(0);
  await expect(admin.getByTestId('revenue-tv')).toBeVisible();
  await expect(admin.getByTestId('revenue-data-sales')).toHaveCount(0);
  await expect(admin.getByTestId('revenue-chart')).toBeVisible();
  await screenShot(admin, 'dashboard-daily');

  await choosePeriod(admin, 'Monthly');
  expect(await figures(admin, TRACKED)).toEqual(expected(monthlyBefore));
  await expect(admin.getByTestId('revenue-deposit')).toBeVisible();
  await expect(admin.getByTestId('revenue-tv')).toBeVisible();
  await expect(admin.getByTestId('revenue-chart')).toBeVisible();
  // The chart and the Total card count the same thing, and the screen says which.
  await expect(admin.getByTestId('revenue-chart-caption')).toHaveText(
    'Total and chart exclude bank-transfer deposits.',
  );
  await screenShot(admin, 'dashboard-monthly');

  await expect(admin.getByTestId('profit-total')).toBeVisible();
  await admin
    .getByRole('region', { name: adminMessages.transactionsTitle })
    .scrollIntoViewIfNeeded();
  await screenShot(admin, 'dashboard-monthly-panels');

  await choosePeriod(admin, 'Weekly');
  await expect(admin.getByTestId('revenue-deposit')).toBeVisible();
  await screenShot(admin, 'dashboard-weekly');
  await choosePeriod(admin, 'Yearly');
  await expect(admin.getByTestId('revenue-tv')).toBeVisible();
  await admin.getByTestId('revenue-chart').scrollIntoViewIfNeeded();
  await screenShot(admin, 'dashboard-yearly');

  // Yesterday: no TVSubscription, a Data Sales card, and Deposit (deposits plus bank transfers).
  await choosePeriod(admin, 'Yesterday');
  await expect(admin.getByTestId('revenue-tv')).toHaveCount(0);
  await expect(admin.getByTestId('revenue-data-sales')).toContainText(adminMessages.dataSales);
  await expect(admin.getByTestId('revenue-deposit')).toBeVisible();
  await screenShot(admin, 'dashboard-yesterday');

  await admin.getByRole('navigation', { name: 'Admin' }).scrollIntoViewIfNeeded();
  await screenShot(admin, 'dashboard-bottom');
  for (const [name, path] of [
    [adminMessages.manageServices, '/admin/services'],
    [adminMessages.airtimeToCash, '/admin/airtime-to-cash'],
    [adminMessages.bettingStats, '/admin/betting-stats'],
    [adminMessages.transactionsLink, '/admin/transaction'],
    [adminMessages.auditLog, '/admin/audit'],
  ] as const) {
    await expect(admin.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
  }
  await admin.getByRole('link', { name: adminMessages.backToHome }).click();
  await expect(admin).toHaveURL(/\/home$/);
  await admin.context().close();
});

test('an admin shuts the system down from the dashboard: data is refused, then works again after restore', async ({
  page,
  browser,
}) => {
  await fundedCustomer(page, 'shutdown');
  const admin = await openDashboard(browser);
  const system = admin.getByRole('region', { name: adminMessages.systemShutdown });
  const toggle = system.getByRole('switch', { name: 'All services' });
  try {
    await system.scrollIntoViewIfNeeded();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    // The spec's default duration is already chosen (10 minutes), and the switch says what it does.
    await expect(system.getByLabel('Shutdown duration')).toHaveValue('10');
    await expect(system).toContainText('shuts every service down for 10 mins');
    await screenShot(admin, 'shutdown-running');

    await system.getByLabel('Shutdown duration').selectOption({ label: '10 mins' });
    await expect(toggle).toBeEnabled();
    await toggle.click();
    const confirm = admin.getByRole('alertdialog', { name: 'Shut the system down?' });
    await expect(confirm).toContainText('10 mins');
    await screenShot(admin, 'shutdown-confirm');
    await confirm.getByRole('button', { name: 'Shut down' }).click();
    await expect(admin.getByText(adminMessages.shutdownSuccess)).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(system.getByTestId('system-state')).toContainText('Shut down until');
    await screenShot(admin, 'shutdown-down');

    // The customer: the Data tile is off, and a data purchase is refused with the balance intact.
    await page.goto('/home');
    await expect(homeBalance(page)).toHaveText(formatKobo(FUNDS * 100));
    const dataTile = page.getByRole('button', { name: 'Data', exact: true });
    await expect(dataTile).toHaveAccessibleDescription('Temporarily unavailable');
    await dataTile.click();
    await expect(
      page.getByRole('alertdialog', { name: messages.serviceUnavailable }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'OK', exact: true }).click();

    await page.goto('/data');
    await expect(
      page.getByRole('status').filter({ hasText: messages.serviceShutdown }),
    ).toBeVisible();
    await buyFirstPlan(page);
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: messages.serviceShutdown }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('alertdialog', { name: messages.paymentSuccessful })).toHaveCount(
      0,
    );
    await expect(page.getByTestId('purchase-balance')).toContainText(formatKobo(FUNDS * 100));

    // The admin restores; the customer's purchase now goes through.
    await toggle.click();
    await expect(admin.getByText(adminMessages.restoreSuccess)).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(system.getByTestId('system-state')).toHaveText('All services running');
    await screenShot(admin, 'shutdown-restored');

    await page.goto('/data');
    await expect(
      page.getByRole('status').filter({ hasText: messages.serviceShutdown }),
    ).toHaveCount(0);
    await buyFirstPlan(page);
    const success = page.getByRole('alertdialog', { name: messages.paymentSuccessful });
    await expect(success).toBeVisible({ timeout: 20_000 });
    await success.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(homeBalance(page)).not.toHaveText(formatKobo(FUNDS * 100));
  } finally {
    // Whatever failed above, later spec files must find every service on.
    await restoreSystemByApi();
    await admin.context().close();
  }
});

test('a panel whose call fails says so and loads on Retry; skeletons show while loading', async ({
  browser,
}) => {
  const admin = await openDashboard(browser);
  await settled(admin);
  // Weekly, seen for the first time: its profits call fails once, its revenue call is slow.
  let failProfits = true;
  await admin.route('**/api/admin/analytics/profits?range=weekly', (route) =>
    failProfits
      ? route.fulfill({ status: 500, json: { success: false, message: 'boom' } })
      : route.continue(),
  );
  let releaseRevenue = () => {};
  const revenueHeld = new Promise<void>((resolve) => (releaseRevenue = resolve));
  await admin.route('**/api/admin/analytics/revenue?period=weekly', async (route) => {
    await revenueHeld;
    await route.continue();
  });

  await admin.getByRole('tab', { name: 'Weekly', exact: true }).click();
  const revenue = admin.getByRole('region', { name: adminMessages.revenueTitle, exact: true });
  await expect(revenue).toHaveAttribute('aria-busy', 'true');
  await expect(admin.getByTestId('revenue-total')).toHaveCount(0);
  await screenShot(admin, 'dashboard-loading');
  releaseRevenue();
  await expect(admin.getByTestId('revenue-total')).toBeVisible();

  const profit = admin.getByRole('region', { name: adminMessages.profitTitle });
  await expect(profit.getByRole('alert')).toHaveText(/There was an error\. Please try again\./, {
    timeout: 15_000,
  });
  await profit.scrollIntoViewIfNeeded();
  await screenShot(admin, 'dashboard-error');
  failProfits = false;
  await profit.getByRole('button', { name: 'Retry' }).click();
  await expect(profit.getByTestId('profit-total')).toBeVisible();
  await expect(profit.getByRole('alert')).toHaveCount(0);
  await admin.context().close();
});

/** On /data (MTN from the profile's number): the first plan → Summary → PIN → Confirm. */
async function buyFirstPlan(page: Page) {
  await expect(page.getByRole('group', { name: 'Plan types' })).toBeVisible();
  await page
    .getByRole('list', { name: /plans$/ })
    .getByRole('button')
    .first()
    .click();
  const summary = page.getByRole('dialog', { name: 'Summary' });
  await expect(summary).toBeVisible();
  await summary.getByRole('button', { name: 'Continue' }).click();
  const pinSheet = page.getByRole('dialog', { name: 'Enter Transaction PIN' });
  await expect(pinSheet).toBeVisible();
  await tapPin(page, PIN);
  await pinSheet.getByRole('button', { name: 'Confirm' }).click();
}

test('a bank-transfer deposit shows on its own line; the Deposit card and Total say what they count', async ({
  page,
  browser,
}) => {
  const admin = await openDashboard(browser);
  await settled(admin);
  const ids = ['revenue-bank-transfer', 'revenue-deposit', 'revenue-total'] as const;
  const before = await figures(admin, ids);
  await expect(admin.getByTestId('revenue-deposit')).toContainText(
    adminMessages.revenueDepositPermanent,
  );
  await expect(admin.getByTestId('revenue-bank-transfer')).toContainText(
    adminMessages.revenueBankTransferNote,
  );

  // A newcomer (no permanent account) pays ₦250 into a one-off checkout account.
  await signUpByEmail(page, newEmail('dash-bank'));
  const { data } = await customerCall<CheckoutDepositReply>(
    page,
    'POST',
    '/deposit/bank-transfer',
    {
      amount: 250,
    },
  );
  await simulateTransfer(data.payerVirtualAccNo, 250_00);
  await expect(homeBalance(page)).toHaveText(formatKobo(250_00), { timeout: 30_000 });

  await expect(async () => {
    await admin.reload();
    await settled(admin);
    expect(await figures(admin, ids)).toEqual({
      'revenue-bank-transfer': before['revenue-bank-transfer'] + 250_00,
      // The spec's Deposit card (permanent accounts) and Total leave it out, as their labels say.
      'revenue-deposit': before['revenue-deposit'],
      'revenue-total': before['revenue-total'],
    });
  }).toPass({ timeout: 30_000 });
  await admin.getByTestId('revenue-bank-transfer').scrollIntoViewIfNeeded();
  await screenShot(admin, 'dashboard-bank-transfer-line');
});
