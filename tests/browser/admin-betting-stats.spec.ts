import { randomUUID } from 'node:crypto';
import { expect, request, test, type Page } from '@playwright/test';
import { MAGIC_BET_ACCOUNTS } from '@owo/providers/sandbox/magic';
import { adminMessages, pageOfText } from '@owo/shared/admin-messages';
import type { BettingStatsReply } from '@owo/shared/api-types';
import { newEmail, signUpByEmail } from './support/flows';
import { shot } from './support/shots';
import { openAdminPage } from './support/admin';
import { fundWallet, sessionOf, setPinByApi } from './support/wallet';

/**
 * Admin Betting Statistics (spec 2 §2): a customer's betting orders placed over HTTP, then the
 * admin's screen — the tiles, the cards, the server-side search and status filter, the empty
 * states, and a failed fetch that is only logged (spec 2 §8).
 */

const PIN = '5284';
const t = adminMessages;

/** Places a betting top-up as the signed-in customer; answers the HTTP status. */
async function betByApi(page: Page, rechargeAccount: string, amount: number, billerId = 'BET9JA') {
  const { auth } = await sessionOf(page);
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const reply = await ctx.post('/api/biller/betting', {
      data: { billerId, itemId: `${billerId}_TOPUP`, amount, rechargeAccount, transactionPin: PIN },
      headers: { Authorization: `Bearer ${auth.token}`, 'Idempotency-Key': randomUUID() },
    });
    return reply.status();
  } finally {
    await ctx.dispose();
  }
}

async function openBettingStats(admin: Page) {
  await admin.goto('/admin/betting-stats');
  await expect(admin.getByRole('heading', { name: t.bettingStatsTitle })).toBeVisible();
}

const cards = (admin: Page) =>
  admin.getByRole('region', { name: 'Betting transactions' }).getByRole('article');

test('admin betting stats: tiles, cards, search, status filter and the empty state', async ({
  page,
  browser,
}) => {
  const email = newEmail('punter');
  await signUpByEmail(page, email, 'Tunde');
  await setPinByApi(page, PIN);
  await fundWallet(page, 20_000);
  // A unique betting account, so the search by account finds this order alone.
  const account = `E2E${Date.now().toString().slice(-7)}`;
  expect(await betByApi(page, account, 1_500)).toBe(200);
  expect(await betByApi(page, MAGIC_BET_ACCOUNTS.failed, 700)).toBe(422);
  expect(await betByApi(page, MAGIC_BET_ACCOUNTS.pendingForever, 2_500)).toBe(202);
  expect(await betByApi(page, MAGIC_BET_ACCOUNTS.delivered, 300, 'NAIRABET')).toBe(200);

  const admin = await openAdminPage(browser);
  await openBettingStats(admin);

  // The six tiles, over every betting order (other tests may have placed some too).
  const tiles = admin.getByRole('region', { name: 'Betting statistics' });
  for (const label of [
    t.tileTotalTransactions,
    t.tileTotalAmount,
    t.tileTotalSales,
    t.tileTotalProfit,
    t.tileSuccessful,
    t.tileSuccessRate,
  ]) {
    await expect(tiles.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(admin.getByTestId('tile-total-amount')).toContainText(/₦[\d,]+\.\d\d/);
  await expect(admin.getByTestId('tile-total-profit')).toContainText(/₦[\d,]+\.\d\d/);
  await expect(admin.getByTestId('tile-success-rate')).toContainText(/\d+\.\d/);
  const total = Number(
    (await admin.getByTestId('tile-total-transactions').locator('p').last().innerText()).replace(
      /,/g,
      '',
    ),
  );
  expect(total).toBeGreaterThanOrEqual(4);
  await expect(cards(admin).first()).toBeVisible();
  await expect(admin.getByPlaceholder(t.bettingSearchPlaceholder)).toBeVisible();
  await shot(admin, 'betting-stats-01-screen');

  // Search (the server's, case-insensitive): this customer's four orders, newest first.
  const search = admin.getByPlaceholder(t.bettingSearchPlaceholder);
  await search.fill(email.toUpperCase());
  await expect(admin.getByText(pageOfText(1, 1, 4))).toBeVisible();
  await expect(cards(admin)).toHaveCount(4);
  const newest = cards(admin).first();
  await expect(newest).toContainText('Tunde Okafor');
  await expect(newest).toContainText(email);
  await expect(newest).toContainText('NairaBet');
  await expect(newest).toContainText(MAGIC_BET_ACCOUNTS.delivered);
  await expect(newest).toContainText('₦300.00');
  await expect(newest).toContainText(t.statusSuccess);
  await expect(newest).toContainText(/Completed \d{2} \w{3} \d{4}/);
  await shot(admin, 'betting-stats-02-search');

  // The status filter runs with the search: the one failed order, then the one pending order.
  const status = admin.getByLabel('Status');
  await expect(status.locator('option')).toHaveText([
    t.allStatus,
    t.statusSuccess,
    t.statusFailed,
    t.statusPending,
  ]);
  await status.selectOption({ label: t.statusFailed });
  await expect(admin.getByText(pageOfText(1, 1, 1))).toBeVisible();
  await expect(cards(admin)).toHaveCount(1);
  await expect(cards(admin).first()).toContainText('₦700.00');
  await expect(cards(admin).first()).toContainText(t.statusFailed);
  await status.selectOption({ label: t.statusPending });
  await expect(cards(admin)).toHaveCount(1);
  await expect(cards(admin).first()).toContainText('₦2,500.00');
  await expect(cards(admin).first()).not.toContainText('Completed');
  await shot(admin, 'betting-stats-03-pending');

  // By betting account, across every status.
  await status.selectOption({ label: t.allStatus });
  await search.fill(account.toLowerCase());
  await expect(admin.getByText(pageOfText(1, 1, 1))).toBeVisible();
  await expect(cards(admin).first()).toContainText(account);
  await expect(cards(admin).first()).toContainText('₦1,500.00');

  // Nothing matches: the empty state that says the filter is why.
  await search.fill('no-such-punter-anywhere');
  await expect(admin.getByText(t.noTransactionsFound)).toBeVisible();
  await expect(admin.getByText(t.tryAdjustingFilter)).toBeVisible();
  await expect(admin.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  await shot(admin, 'betting-stats-04-empty-search');

  await admin.getByRole('link', { name: 'Dashboard' }).click();
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.context().close();
});

test('admin betting stats: skeletons, no orders at all, and a failed fetch only logged', async ({
  browser,
}) => {
  const admin = await openAdminPage(browser);
  const empty: BettingStatsReply = {
    success: true,
    data: {
      statistics: {
        totalTransactions: 0,
        totalAmount: 0,
        totalSales: 0,
        totalProfit: 0,
        successfulTransactions: 0,
        successRate: 0,
      },
      transactions: [],
      pagination: { totalPages: 0, totalItems: 0, currentPage: 1 },
    },
  };
  // A shop with no betting orders yet: the reply is stood in for, after a pause (the skeletons).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await admin.route('**/api/admin/analytics/betting**', async (route) => {
    await held;
    await route.fulfill({ json: empty });
  });
  await admin.goto('/admin/betting-stats');
  await expect(admin.getByTestId('betting-skeleton')).toBeVisible();
  await shot(admin, 'betting-stats-05-loading');
  release();
  await expect(admin.getByText(t.noTransactionsFound)).toBeVisible();
  await expect(admin.getByText(t.bettingEmpty)).toBeVisible();
  await expect(admin.getByText(t.tryAdjustingFilter)).toHaveCount(0);
  await expect(admin.getByTestId('tile-total-amount')).toContainText('₦0.00');
  await expect(admin.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  await shot(admin, 'betting-stats-06-no-orders');

  // A failing server: logged to the console, no message on screen.
  await admin.unroute('**/api/admin/analytics/betting**');
  await admin.route('**/api/admin/analytics/betting**', (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'boom' } }),
  );
  const logged: string[] = [];
  admin.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await admin.reload();
  await expect
    .poll(() => logged.some((text) => text.includes('Betting statistics fetch failed')), {
      timeout: 15_000,
    })
    .toBe(true);
  await expect(admin.getByText('boom')).toHaveCount(0);
  await expect(admin.locator('[data-sonner-toast]')).toHaveCount(0);
  await admin.context().close();
});
