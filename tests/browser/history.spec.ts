import { expect, test } from '@playwright/test';
import { formatKobo } from '@owo/shared/money';
import { messages } from '@owo/shared/messages';
import { newEmail, signUpByEmail, tapPin } from './support/flows';
import { fundWallet, setPinByApi } from './support/wallet';

const PIN = '1357';

test('history lists purchases and credits, searches them and opens the detail sheet', async ({
  page,
}) => {
  await signUpByEmail(page, newEmail('history'));
  await setPinByApi(page, PIN);
  await fundWallet(page, 3000, 'e2e opening balance');

  // One airtime purchase, so the history has a debit and a credit.
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

  // Home: the latest transactions open the same sheet; See all goes to the history.
  const recent = page.getByRole('list', { name: 'Recent transactions' });
  await expect(recent.getByRole('button', { name: /Airtime 08031234567/ })).toBeVisible();
  await recent.getByRole('button', { name: /Wallet credit/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(sheet.getByTestId('detail-amount')).toHaveText(`+${formatKobo(300_000)}`);
  await expect(sheet).toContainText('e2e opening balance');
  await sheet.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');

  const airtimeRow = page.getByRole('button', { name: /Airtime 08031234567/ });
  const creditRow = page.getByRole('button', { name: /Wallet credit/ });
  await expect(airtimeRow).toContainText(`−${formatKobo(20_000)}`);
  await expect(airtimeRow).toContainText('Successful');
  await expect(creditRow).toContainText(`+${formatKobo(300_000)}`);

  // Search runs on the server: "airtime" keeps only the purchase.
  await page.getByLabel('Search transactions').fill('airtime');
  await expect(creditRow).toHaveCount(0);
  await expect(airtimeRow).toBeVisible();

  await airtimeRow.click();
  const detail = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(detail.getByTestId('detail-amount')).toHaveText(`−${formatKobo(20_000)}`);
  await expect(detail).toContainText('Transaction ID');
  await expect(detail).toContainText('08031234567');
  await expect(detail).toContainText('MTN');
  await expect(detail.getByRole('button', { name: 'Copy transaction id' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Customer Support' })).toBeVisible();
  await detail.getByRole('button', { name: 'Transact again' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Another year has nothing.
  await page.goto('/transactions');
  const lastYear = String(new Date().getFullYear() - 1);
  await page.getByLabel('Year').selectOption(lastYear);
  await expect(page.getByText('No matching transactions')).toBeVisible();
  await expect(page.getByLabel('Year').locator('option')).toHaveCount(10);
});
