import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { messages } from '@owo/shared/messages';
import { newEmail, signUpByEmail, tapPin } from './support/flows';
import { shot } from './support/shots';
import { fundWallet, homeBalance, setPinByApi } from './support/wallet';

const PIN = '1357';
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** This month on the Lagos clock, as statements are cut. */
function lagosMonth(offset = 0) {
  const lagos = new Date(Date.now() + 60 * 60 * 1000);
  const d = new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth() + offset, 1));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    key: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`,
    name: MONTH_NAMES[d.getUTCMonth()]!,
  };
}

/** Label → value of the CSV's two-cell lines (header and footer). */
function pairs(csv: string): Map<string, string> {
  return new Map(
    csv
      .split('\r\n')
      .map((line) => line.split(','))
      .filter((cells) => cells.length === 2)
      .map(([k, v]) => [k!, v!] as const),
  );
}

test('History downloads a month statement as CSV from a month picker sheet', async ({ page }) => {
  const email = await signUpByEmail(page, newEmail('statement'));
  await setPinByApi(page, PIN);
  await fundWallet(page, 3000, 'e2e statement');

  // One airtime purchase, so the month has a debit and a credit.
  await page.goto('/airtime');
  await page.getByRole('button', { name: '₦200' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('dialog', { name: 'Summary' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await tapPin(page, PIN);
  await page.getByRole('button', { name: 'Confirm' }).click();
  const success = page.getByRole('alertdialog', { name: messages.paymentSuccessful });
  await expect(success).toBeVisible({ timeout: 20_000 });
  await success.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(homeBalance(page)).toHaveText('₦2,800.00');

  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await page.getByRole('button', { name: 'Statement' }).click();
  const sheet = page.getByRole('dialog', { name: 'Download statement' });
  await expect(sheet).toBeVisible();

  // This month is chosen; later months have no statement yet.
  const now = lagosMonth();
  await expect(sheet.getByText(String(now.year), { exact: true })).toBeVisible();
  await expect(sheet.getByRole('radio', { name: now.name })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(sheet.getByRole('button', { name: 'Next year' })).toBeDisabled();
  if (now.month < 12) {
    await expect(sheet.getByRole('radio', { name: MONTH_NAMES[now.month]! })).toBeDisabled();
  }
  await shot(page, 'statement-sheet');

  const downloading = page.waitForEvent('download');
  await sheet.getByRole('button', { name: 'Download statement' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`owo-statement-${now.key}.csv`);
  await expect(page.getByText(`Statement for ${now.name} ${now.year} downloaded`)).toBeVisible();
  await expect(sheet).toBeHidden();

  const file = test.info().outputPath('statement.csv');
  await download.saveAs(file);
  const csv = readFileSync(file, 'utf8');
  if (process.env.SHOTS_DIR) writeFileSync(path.join(process.env.SHOTS_DIR, 'statement.csv'), csv);
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const summary = pairs(csv);
  expect(summary.get('Email')).toBe(email);
  expect(summary.get('Opening balance')).toBe('0.00');
  expect(summary.get('Total credits')).toBe('3000.00');
  expect(summary.get('Total debits')).toBe('200.00');
  // The closing balance is the wallet's balance on the home card.
  expect(summary.get('Closing balance')).toBe('2800.00');
  expect(csv).toContain(
    'Date,Time,Reference,Description,Details,Status,Amount,Debit,Credit,Balance',
  );
  expect(csv).toMatch(/,MTN Airtime,\d{11},Successful,200\.00,200\.00,,2800\.00\r\n/);
  expect(csv).toMatch(/,Wallet credit,,Successful,3000\.00,,3000\.00,3000\.00\r\n/);

  // The month before: nothing yet, opening and closing both zero.
  await page.getByRole('button', { name: 'Statement' }).click();
  const before = lagosMonth(-1);
  if (before.year !== now.year) await sheet.getByRole('button', { name: 'Previous year' }).click();
  await sheet.getByRole('radio', { name: before.name }).click();
  await expect(sheet.getByRole('radio', { name: before.name })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  const earlier = page.waitForEvent('download');
  await sheet.getByRole('button', { name: 'Download statement' }).click();
  const previous = await earlier;
  expect(previous.suggestedFilename()).toBe(`owo-statement-${before.key}.csv`);
  const previousCsv = readFileSync(await previous.path(), 'utf8');
  expect(pairs(previousCsv).get('Transactions')).toBe('0');
  expect(pairs(previousCsv).get('Closing balance')).toBe('0.00');
});
