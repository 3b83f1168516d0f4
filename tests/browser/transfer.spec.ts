import { expect, test, type Page } from '@playwright/test';
import { formatKobo } from '@owo/shared/money';
import { messages } from '@owo/shared/messages';
import { logIn, logOut, newEmail, signUpByEmail, tapPin } from './support/flows';
import { shot } from './support/shots';
import { fundWallet, homeBalance, setPinByApi } from './support/wallet';

const PIN = '4826';

/** A customer who exists only to receive: signs up, then leaves the browser to the sender. */
async function recipient(page: Page, prefix: string, firstName: string) {
  const email = await signUpByEmail(page, newEmail(prefix), firstName);
  await logOut(page);
  return email;
}

async function fillTransfer(page: Page, email: string, amount: string, note: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Amount').fill(amount);
  await page.getByLabel('Narration').fill(note);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function expectFormCleared(page: Page) {
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Amount')).toHaveValue('');
  await expect(page.getByLabel('Narration')).toHaveValue('');
}

test('a customer sends money by e-mail: Summary, PIN, success; the recipient sees the note', async ({
  page,
}) => {
  const payee = await recipient(page, 'payee', 'Bola');
  const sender = await signUpByEmail(page, newEmail('sender'), 'Ada');
  await setPinByApi(page, PIN);
  await fundWallet(page, 20_000);
  await page.goto('/home');
  await expect(homeBalance(page)).toHaveText(formatKobo(2_000_000));

  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page).toHaveURL(/\/transfer$/);
  await expect(page.getByText('Safe & secure')).toBeVisible();
  await expect(page.getByTestId('transfer-balance')).toHaveText(formatKobo(2_000_000));
  await shot(page, 'transfer-01-form');

  // Validation speaks the spec's words.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(messages.transferBeneficiaryRequired)).toBeVisible();
  await expect(page.getByText(messages.transferAmountRequired)).toBeVisible();
  await page.getByLabel('Email').fill('bola.example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(messages.invalidEmail)).toBeVisible();
  await shot(page, 'transfer-02-validation');

  await fillTransfer(page, payee, '2500', 'Lunch money');
  const summary = page.getByRole('dialog', { name: 'Summary' });
  await expect(summary).toContainText('Bola Okafor');
  await expect(summary).toContainText(payee);
  await expect(summary).toContainText('₦2,500.00');
  await expect(summary).toContainText('Lunch money');
  await shot(page, 'transfer-03-summary');
  await summary.getByRole('button', { name: 'Continue' }).click();

  // A wrong PIN keeps the PIN dialog open with the spec's message.
  const pinSheet = page.getByRole('dialog', { name: 'Enter Transaction PIN' });
  await expect(pinSheet).toContainText('Transfer to Bola Okafor');
  await expect(pinSheet.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await tapPin(page, '1111');
  await pinSheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(pinSheet.getByText(messages.pinIncorrectRetry)).toBeVisible();
  await expect(pinSheet.getByLabel('Transaction PIN')).toHaveValue('');
  await shot(page, 'transfer-04-pin-wrong');

  await tapPin(page, PIN);
  await pinSheet.getByRole('button', { name: 'Confirm' }).click();
  const success = page.getByRole('alertdialog', { name: 'Transfer Successful' });
  await expect(success).toBeVisible({ timeout: 20_000 });
  await expect(success).toContainText('₦2,500.00');
  await expect(success).toContainText('Bola Okafor');
  await shot(page, 'transfer-05-success');
  await success.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(homeBalance(page)).toHaveText(formatKobo(1_750_000));
  const sent = page.getByRole('list', { name: 'Recent transactions' }).getByRole('button', {
    name: /Transfer sent/,
  });
  await expect(sent).toBeVisible();
  // The sender's sheet names the recipient, masked as banks do (decision 0056).
  await sent.click();
  const sentDetail = page.getByRole('dialog', { name: 'Transaction details' });
  const masked = `${payee.slice(0, 2)}***@example.com`;
  await expect(sentDetail).toContainText('RecipientBola O.');
  await expect(sentDetail).toContainText(`Recipient e-mail${masked}`);
  await expect(sentDetail).toContainText('NarrationLunch money');
  await expect(sentDetail).not.toContainText(payee);
  await shot(page, 'transfer-06-sent-detail');
  await page.keyboard.press('Escape');
  await expect(sentDetail).toBeHidden();

  // The recipient's history shows the credit with the narration.
  await logOut(page);
  await logIn(page, payee);
  await expect(page).toHaveURL(/\/home$/);
  await expect(homeBalance(page)).toHaveText(formatKobo(250_000));
  await page.goto('/transactions');
  const credit = page.getByRole('button', { name: /Transfer received/ });
  await expect(credit).toContainText(`+${formatKobo(250_000)}`);
  await credit.click();
  const detail = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(detail).toContainText('Lunch money');
  // The recipient's record names the sender the same way.
  await expect(detail).toContainText('FromAda O.');
  await expect(detail).toContainText(`Sender e-mail${sender.slice(0, 2)}***@example.com`);
  expect(sender).not.toBe(payee);
});

test('a customer without a PIN sets one first; unknown recipients and short balances fail clearly', async ({
  page,
}) => {
  const payee = await recipient(page, 'payee2', 'Kemi');
  const sender = await signUpByEmail(page, newEmail('short'), 'Tunde');

  // No PIN yet: Transfer on the home card leads to /pin/create and back to /transfer.
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page).toHaveURL(/\/pin\/create$/);
  await tapPin(page, PIN);
  await tapPin(page, PIN);
  await expect(page).toHaveURL(/\/transfer$/);
  await fundWallet(page, 1_000);
  await page.reload();
  await expect(page.getByTestId('transfer-balance')).toHaveText(formatKobo(100_000));

  // An unknown recipient: the server's message, and the form is cleared.
  await fillTransfer(page, 'nobody.here@example.com', '500', 'Rent');
  await expect(page.getByText(messages.recipientNotFound)).toBeVisible();
  await expectFormCleared(page);
  await expect(page.getByRole('dialog', { name: 'Summary' })).toHaveCount(0);
  await shot(page, 'transfer-06-unknown-recipient');

  // Yourself: refused by the server before any PIN.
  await fillTransfer(page, sender, '500', 'Me');
  await expect(page.getByText(messages.transferToSelf)).toBeVisible();
  await expectFormCleared(page);

  // More than the balance: "Transfer Failed", then the inputs are cleared and nothing moved.
  await fillTransfer(page, payee, '5000', 'School fees');
  await page
    .getByRole('dialog', { name: 'Summary' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await tapPin(page, PIN);
  await page
    .getByRole('dialog', { name: 'Enter Transaction PIN' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  const failed = page.getByRole('alertdialog', { name: messages.transferFailedTitle });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await expect(failed).toContainText(messages.transferFailedInsufficient);
  await shot(page, 'transfer-07-insufficient');
  await failed.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/transfer$/);
  await expectFormCleared(page);
  await expect(page.getByTestId('transfer-balance')).toHaveText(formatKobo(100_000));
});
