import { expect, test, type Page } from '@playwright/test';
import { formatKobo } from '@owo/shared/money';
import { messages } from '@owo/shared/messages';
import { SAFEHAVEN_IDENTITIES } from '@owo/providers/sandbox/magic';
import { newEmail, signUpByEmail } from './support/flows';
import { freshIdentityNumber, simulateTransfer } from './support/sandbox';
import { screenShot as shot } from './support/toasts';
import { fundWallet, homeBalance, setPinByApi } from './support/wallet';

/**
 * The balance follows every credit without a reload (decisions 0033 and 0074): money that lands
 * while the customer is on another screen shows on home and in the balance pill on its own,
 * pushed over the live stream (polling only while the stream is down).
 */

/** A flag that a reload would wipe: the balance must change with the page still the same. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __samePage?: boolean }).__samePage = true;
  });
}
async function expectSamePage(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage),
  ).toBe(true);
}

test('a checkout paid after "I have paid" lands in the home balance without a reload', async ({
  page,
}) => {
  await signUpByEmail(page, newEmail('live-checkout'));
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Deposit' });
  await sheet
    .getByRole('group', { name: 'Quick amounts' })
    .getByRole('button', { name: '₦500', exact: true })
    .click();
  await sheet.getByRole('button', { name: 'Fund your Wallet' }).click();
  const details = page.getByRole('dialog', { name: 'Payment details' });
  const accountNumber = (await details.getByTestId('account-number').textContent())?.trim() ?? '';
  expect(accountNumber).toMatch(/^\d{10}$/);

  // "I have paid" before the bank's transfer arrived: still pending, and home for now.
  await details.getByRole('button', { name: 'I have paid' }).click();
  await expect(page.getByText(messages.depositStillPending)).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(homeBalance(page)).toHaveText(formatKobo(0));
  await markPage(page);

  await simulateTransfer(accountNumber, 500_00);
  // The checkout is still open on the server: the app polls every few seconds.
  await expect(homeBalance(page)).toHaveText(formatKobo(500_00), { timeout: 10_000 });
  await expect(
    page.getByRole('list', { name: 'Recent transactions' }).getByText('Wallet funding'),
  ).toBeVisible();
  await expectSamePage(page);
});

test('a transfer into the permanent account while "Your account is ready" is open shows on home and in the pill', async ({
  page,
}) => {
  await signUpByEmail(page, newEmail('live-kyc'));
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  await page.getByRole('link', { name: /Get a permanent Bank Account/ }).click();
  await page.getByRole('radio', { name: 'Female' }).click();
  await page.getByLabel('Date of birth').fill('1994-05-17');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/verification\/initiate$/);
  await page.getByRole('radio', { name: /NIN/ }).click();
  await page.getByLabel('NIN number').fill(freshIdentityNumber());
  await page.getByRole('button', { name: 'Verify Account' }).click();
  await page.getByLabel('Verification code').fill(SAFEHAVEN_IDENTITIES.fixedOtp);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  const accountNumber =
    (await page.getByTestId('permanent-account-number').textContent())?.trim() ?? '';
  expect(accountNumber).toMatch(/^\d{10}$/);
  await markPage(page);

  // The customer's bank pays the new account while this screen is still open.
  await simulateTransfer(accountNumber, 2_000_00);
  // Give the screen's fast polling (3 s) its chance to hear of it before leaving.
  await page.waitForTimeout(4_000);
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(homeBalance(page)).toHaveText(formatKobo(2_000_00), { timeout: 2_000 });
  await shot(page, 'live-balance-home');

  await expectSamePage(page);

  // On a service screen, the balance pill follows the next transfer too (the idle rhythm).
  await setPinByApi(page, '1234');
  await page.getByRole('button', { name: 'Data', exact: true }).click();
  await expect(page).toHaveURL(/\/data$/);
  const pill = page.getByTestId('purchase-balance');
  await expect(pill).toHaveText(formatKobo(2_000_00));
  await markPage(page);
  await simulateTransfer(accountNumber, 1_000_00);
  await expect(pill).toHaveText(formatKobo(3_000_00), { timeout: 20_000 });
  await expectSamePage(page);
});

test('a credit is pushed to home over the live stream, with no pulse polled meanwhile', async ({
  page,
}) => {
  const streamOpened = page.waitForResponse(
    (response) => response.url().endsWith('/api/notifications/stream') && response.ok(),
  );
  await signUpByEmail(page, newEmail('live-stream'));
  expect((await streamOpened).headers()['content-type']).toMatch(/^text\/event-stream/);
  await expect(homeBalance(page)).toHaveText(formatKobo(0));
  // The first pulse the app asked for by HTTP as it started has been answered by now.
  await page.waitForTimeout(1_000);
  const polled: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/notifications/pulse')) polled.push(request.url());
  });
  await markPage(page);

  await fundWallet(page, 1_500);
  // Polling would take up to 15 s (no money awaited); the stream brings it within moments.
  await expect(homeBalance(page)).toHaveText(formatKobo(1_500_00), { timeout: 5_000 });
  expect(polled).toEqual([]);
  await expectSamePage(page);
});
