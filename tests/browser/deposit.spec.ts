import { expect, test, type Page } from '@playwright/test';
import { formatKobo } from '@owo/shared/money';
import { messages } from '@owo/shared/messages';
import { newEmail, signUpByEmail } from './support/flows';
import { simulateTransfer } from './support/sandbox';
import { screenShot as shot } from './support/toasts';
import { homeBalance } from './support/wallet';

const completed = (kobo: number) => messages.depositCompleted.replace('{amount}', formatKobo(kobo));

/** Home → Deposit → a chip → "Fund your Wallet"; answers the payment-details sheet. */
async function startDeposit(page: Page, chip: string) {
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Deposit' });
  await sheet
    .getByRole('group', { name: 'Quick amounts' })
    .getByRole('button', { name: chip, exact: true })
    .click();
  await sheet.getByRole('button', { name: 'Fund your Wallet' }).click();
  const details = page.getByRole('dialog', { name: 'Payment details' });
  await expect(details).toBeVisible();
  return details;
}

async function accountNumberIn(scope: ReturnType<Page['getByRole']>): Promise<string> {
  const number = (await scope.getByTestId('account-number').textContent())?.trim() ?? '';
  expect(number).toMatch(/^\d{10}$/);
  return number;
}

test('a new customer funds the wallet by bank transfer; the balance rises by exactly that amount', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpByEmail(page, newEmail('deposit'));
  await expect(homeBalance(page)).toHaveText(formatKobo(0));

  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Deposit' });
  await expect(sheet.getByRole('link', { name: /Get a permanent Bank Account/ })).toHaveAttribute(
    'href',
    '/verification/update',
  );
  const amount = sheet.getByLabel('Amount', { exact: true });
  // The spec's "N Enter Amount": the ₦ leads the field, the words are the placeholder.
  await expect(amount).toHaveAttribute('placeholder', 'Enter Amount');
  const chips = sheet.getByRole('group', { name: 'Quick amounts' }).getByRole('button');
  await expect(chips).toHaveText(['₦100', '₦200', '₦500', '₦1,000', '₦2,000', '₦5,000']);
  await shot(page, '01-deposit-sheet');

  // The amount is required, and PalmPay's minimum is kept.
  await sheet.getByRole('button', { name: 'Fund your Wallet' }).click();
  await expect(sheet.getByText(messages.depositAmountRequired)).toBeVisible();
  await amount.fill('50');
  await sheet.getByRole('button', { name: 'Fund your Wallet' }).click();
  await expect(sheet.getByText(messages.depositMinimum)).toBeVisible();

  const chip500 = sheet.getByRole('button', { name: '₦500', exact: true });
  await chip500.click();
  await expect(amount).toHaveValue('500');
  await expect(chip500).toHaveAttribute('aria-pressed', 'true');
  await sheet.getByRole('button', { name: 'Fund your Wallet' }).click();

  const details = page.getByRole('dialog', { name: 'Payment details' });
  await expect(details.getByTestId('amount-to-pay')).toHaveText('₦500.00');
  await expect(details.getByRole('timer')).toHaveText(/^Expires in (10:00|9:[0-5]\d)$/);
  await expect(details).toContainText('PalmPay');
  const accountNumber = await accountNumberIn(details);
  await shot(page, '02-payment-details-sheet');

  await details.getByRole('button', { name: 'Copy account number' }).click();
  await expect(page.getByText('Account number copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(accountNumber);

  // The customer's bank pays the checkout account; PalmPay tells our API by webhook.
  await simulateTransfer(accountNumber, 500_00);
  await details.getByRole('button', { name: 'I have paid' }).click();
  await expect(page.getByText(completed(500_00))).toBeVisible();
  await expect(details).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);
  await expect(homeBalance(page)).toHaveText(formatKobo(500_00));
  await shot(page, '03-home-after-deposit');

  // The credit is in the history too.
  await page.getByRole('link', { name: 'See all' }).click();
  await expect(page.getByText('₦500.00').first()).toBeVisible();
});

test('the funding screen counts down; at zero the status check says pending and goes home, and a late transfer still lands', async ({
  page,
}) => {
  await page.clock.install();
  await signUpByEmail(page, newEmail('funding'));
  const details = await startDeposit(page, '₦1,000');
  const accountNumber = await accountNumberIn(details);
  await details.getByRole('button', { name: 'Open funding screen' }).click();

  await expect(page).toHaveURL(/\/deposit$/);
  await expect(page.getByTestId('amount-to-pay')).toHaveText('₦1,000.00');
  await expect(page.getByTestId('account-number')).toHaveText(accountNumber);
  await expect(page.getByRole('timer')).toContainText(/Expires in\s*(10:00|9:[0-5]\d)/);
  await shot(page, '04-funding-screen');

  // Ten minutes pass without a transfer: the check at zero finds it still pending.
  await page.clock.fastForward('10:00');
  await expect(page.getByText(messages.depositStillPending)).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(homeBalance(page)).toHaveText(formatKobo(0));

  // The bank's transfer arrives late; it is still credited, and home shows it on its next read.
  await simulateTransfer(accountNumber, 1000_00);
  await page.reload();
  await expect(homeBalance(page)).toHaveText(formatKobo(1000_00));
});

test('deposit errors: a gateway timeout, and a status check that finds nothing', async ({
  page,
}) => {
  await signUpByEmail(page, newEmail('deposit-errors'));

  await page.route('**/api/deposit/bank-transfer', (route) =>
    route.fulfill({ status: 504, contentType: 'text/html', body: '<h1>504 Gateway Time-out</h1>' }),
  );
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Deposit' });
  await sheet.getByRole('button', { name: '₦200', exact: true }).click();
  await sheet.getByRole('button', { name: 'Fund your Wallet' }).click();
  await expect(page.getByText(messages.depositGatewayError)).toBeVisible();
  await expect(sheet).toBeVisible();
  await page.unroute('**/api/deposit/bank-transfer');

  await sheet.getByRole('button', { name: 'Fund your Wallet' }).click();
  const details = page.getByRole('dialog', { name: 'Payment details' });
  await expect(details.getByTestId('amount-to-pay')).toHaveText('₦200.00');
  await page.route('**/api/deposit/*/status', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Not found', code: 'DEPOSIT_NOT_FOUND' }),
    }),
  );
  await details.getByRole('button', { name: 'I have paid' }).click();
  await expect(page.getByText(messages.depositNotFound)).toBeVisible();
  await expect(details).toBeHidden();
});

test('the funding screen without its navigation state asks to start over', async ({ page }) => {
  await signUpByEmail(page, newEmail('funding-direct'));
  await page.goto('/deposit');
  await expect(page.getByText(messages.swapNoTransactionData)).toBeVisible();
  await shot(page, '05-funding-no-state');
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
