import { readFileSync } from 'node:fs';
import { expect, request, test, type Download, type Page } from '@playwright/test';
import { parseCsv } from '../../apps/api/test/csv-parse';
import { newEmail, signUpByEmail } from './support/flows';
import { openAdminAt, openAdminPage } from './support/admin';
import { shot } from './support/shots';
import { fundWallet, sessionOf, setPinByApi } from './support/wallet';

/**
 * Admin exports and the airtime-to-cash "Search all" at 390 px: a customer's bank-payout swap
 * pushed off the first page by ten newer ones is not in the page-only filter, is found by
 * "Search all pages", and the CSV of that search holds exactly it; the transactions and betting
 * screens download their filtered CSVs, named after the filters.
 */

const PIN = '3917';

/** Creates a swap for the signed-in customer over HTTP and cancels it (one open swap at a time). */
async function swapAndCancel(page: Page, body: Record<string, unknown>): Promise<string> {
  const { auth } = await sessionOf(page);
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const headers = { Authorization: `Bearer ${auth.token}` };
  try {
    const created = await ctx.post('/api/airtime-swap', {
      data: {
        network: 'MTN',
        amount: 1000,
        userPhone: '08031234567',
        transactionPin: PIN,
        ...body,
      },
      headers,
    });
    expect(created.ok(), await created.text()).toBe(true);
    const swapId = (await created.json()).data.swapId as string;
    const cleared = await ctx.get('/api/airtime-swap/pending/clear', { headers });
    expect(cleared.ok(), await cleared.text()).toBe(true);
    return swapId;
  } finally {
    await ctx.dispose();
  }
}

/** Clicks the screen's Export CSV and reads the file the browser saved. */
async function exportCsv(admin: Page) {
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const file = await (download as Download).path();
  const records = parseCsv(readFileSync(file, 'utf8'));
  const header = records[0] ?? [];
  return {
    name: download.suggestedFilename(),
    header,
    rows: records.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? '']))),
  };
}

test('admin exports and search all: a swap off the first page is found and exported', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = newEmail('exports');
  await signUpByEmail(page, email, 'Zainab');
  await setPinByApi(page, PIN);
  await fundWallet(page, 750, 'export check');

  // The swap to find: a bank payout to an account no other test uses.
  const account = String(Date.now()).slice(-10);
  const target = await swapAndCancel(page, {
    paymentMethod: 'bank',
    bankDetails: { accountNumber: account, bank: 'GTBank', accountName: 'Zainab Export' },
  });
  for (let i = 0; i < 10; i++) {
    await swapAndCancel(page, { paymentMethod: 'wallet', walletEmail: email });
  }

  const admin = await openAdminPage(browser);
  const list = admin.getByRole('region', { name: 'Swap requests' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await shot(admin, 'exports-swaps-list');

  // The box filters the loaded page only (spec): the old swap is not on it.
  await admin.getByRole('searchbox').fill(account);
  await expect(admin.getByText('No swap requests found')).toBeVisible();
  const searchAll = admin.getByRole('button', { name: `Search all pages for “${account}”` });
  await expect(searchAll).toBeVisible();
  await shot(admin, 'exports-swaps-page-filter');

  await searchAll.click();
  await expect(admin.getByRole('status').filter({ hasText: '1 found on all pages' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText(target)).toBeVisible();
  await shot(admin, 'exports-swaps-search-all');

  const swaps = await exportCsv(admin);
  expect(swaps.name).toBe(`owo-airtime-to-cash-search-${account}.csv`);
  expect(swaps.rows).toHaveLength(1);
  expect(swaps.rows[0]).toMatchObject({
    Reference: target,
    Customer: 'Zainab Okafor',
    Email: email,
    'Airtime (NGN)': '1000.00',
    'Account number': account,
    'Account name': 'Zainab Export',
    Status: 'CANCELLED',
  });

  // Clear: back to the plain first page.
  await admin.getByRole('button', { name: 'Clear' }).click();
  await expect(admin.getByRole('searchbox')).toHaveValue('');
  await expect(list.getByRole('listitem')).toHaveCount(10);

  // Transactions: the export takes the screen's search.
  await admin.goto('/admin/transaction');
  await admin.getByRole('searchbox').fill(email);
  await expect(admin.getByRole('region', { name: 'Transactions' }).getByRole('button')).toHaveCount(
    1,
  );
  await shot(admin, 'exports-transactions');
  const transactions = await exportCsv(admin);
  expect(transactions.name).toBe(`owo-transactions-search-${email}.csv`);
  expect(transactions.header.slice(0, 3)).toEqual(['Date (Lagos)', 'Reference', 'Customer']);
  expect(transactions.rows).toHaveLength(1);
  expect(transactions.rows[0]).toMatchObject({
    Email: email,
    Type: 'credit',
    'Amount (NGN)': '750.00',
    Status: 'success',
  });

  // Betting statistics: the status filter is in the name and in the rows.
  const betting = await openAdminAt(browser, '/admin/betting-stats', (p) =>
    expect(p.getByRole('region', { name: 'Betting transactions' })).toBeVisible(),
  );
  await betting.getByLabel('Status').selectOption('failed');
  await shot(betting, 'exports-betting');
  const bets = await exportCsv(betting);
  expect(bets.name).toBe('owo-betting-failed.csv');
  expect(bets.header).toContain('Profit (NGN)');
  for (const row of bets.rows) expect(row.Status).toBe('failed');
});
