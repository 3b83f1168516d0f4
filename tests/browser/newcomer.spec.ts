import { expect, test } from '@playwright/test';
import { formatKobo, parseNairaToKobo } from '@owo/shared/money';
import { messages } from '@owo/shared/messages';
import { sandboxBannerMessages, sandboxMessages } from '@owo/shared/sandbox-messages';
import { PASSWORD, newEmail, signUpByEmail, tapPin } from './support/flows';
import { shot } from './support/shots';
import { homeBalance } from './support/wallet';

const PIN = '2580';

/**
 * A newcomer's first five minutes, with nothing but the browser: sign up reading the code from
 * the sandbox mailbox, add money with the sandbox button (the PalmPay simulator's signed webhook
 * credits it), set a PIN and buy data.
 */
test('a newcomer signs up, adds money and buys data using only the app', async ({ page }) => {
  const email = newEmail('newcomer');
  await page.goto('/');
  const banner = page.getByRole('note', { name: 'Sandbox' });
  // The very first page, painted before the router loads, says it is the sandbox too.
  await expect(banner).toContainText(sandboxBannerMessages.banner);
  // The hero's balance is a labelled sample, not the visitor's money.
  await expect(page.getByRole('figure', { name: /Illustration/ })).toBeVisible();
  await expect(page.getByTestId('hero-sample-tag')).toHaveText('Sample');
  await shot(page, 'newcomer-00-landing-banner');
  await page.getByRole('link', { name: 'Continue with email' }).click();
  await expect(banner).toContainText(sandboxBannerMessages.banner);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/otp$/);

  // The code the app "mailed": the mailbox opens on the address just typed.
  await banner.getByRole('button', { name: sandboxBannerMessages.mailboxButton }).click();
  const mailbox = page.getByRole('dialog', { name: sandboxMessages.mailboxTitle });
  await expect(mailbox.getByLabel(sandboxMessages.mailboxEmailLabel)).toHaveValue(email);
  const code = mailbox.getByTestId('sandbox-code').first();
  await expect(code).toHaveText(/^\d{4}$/);
  await shot(page, 'newcomer-01-mailbox');
  const otp = (await code.textContent()) ?? '';
  await page.keyboard.press('Escape');
  await expect(mailbox).toBeHidden();
  await page.getByLabel('OTP code').fill(otp);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/account\/complete-registration$/);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Phone number').fill('08031234567');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(homeBalance(page)).toHaveText(formatKobo(0));
  await shot(page, 'newcomer-02-home');

  // Add money: Deposit → 5000 → the payment details → "Add money (sandbox)".
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Deposit' });
  await sheet.getByLabel('Amount', { exact: true }).fill('5000');
  await sheet.getByRole('button', { name: 'Fund your Wallet' }).click();
  const details = page.getByRole('dialog', { name: 'Payment details' });
  await expect(details.getByTestId('amount-to-pay')).toHaveText('₦5,000.00');
  await shot(page, 'newcomer-03-payment-details');
  await details.getByRole('button', { name: sandboxMessages.addMoney }).click();
  await expect(
    page.getByText(messages.depositCompleted.replace('{amount}', formatKobo(5_000_00))),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(homeBalance(page)).toHaveText(formatKobo(5_000_00));

  // A PIN, as the home screen asks.
  await page.getByRole('link', { name: /Set transaction pin/ }).click();
  await tapPin(page, PIN);
  await expect(page.getByRole('heading', { name: 'Confirm your PIN' })).toBeVisible();
  await tapPin(page, PIN);
  await expect(page).toHaveURL(/\/home$/);

  // Buy data for the profile's own number.
  await page.getByRole('button', { name: 'Data', exact: true }).click();
  await expect(page).toHaveURL(/\/data$/);
  const plan = page
    .getByRole('list', { name: /plans$/ })
    .getByRole('button')
    .first();
  const price = parseNairaToKobo(
    /₦([\d,]+(?:\.\d{1,2})?)/.exec((await plan.textContent()) ?? '')?.[1] ?? '',
  );
  expect(price).not.toBeNull();
  await plan.click();
  const summary = page.getByRole('dialog', { name: 'Summary' });
  await summary.getByRole('button', { name: 'Continue' }).click();
  await tapPin(page, PIN);
  await page
    .getByRole('dialog', { name: 'Enter Transaction PIN' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  const success = page.getByRole('alertdialog', { name: messages.paymentSuccessful });
  await expect(success).toBeVisible({ timeout: 20_000 });
  await shot(page, 'newcomer-04-data-bought');
  await success.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(homeBalance(page)).toHaveText(formatKobo(5_000_00 - price!));

  // The mailbox as a page (where the start banner points): the signed-in customer's own mail.
  await page.goto('/sandbox/mailbox');
  await expect(page.getByLabel(sandboxMessages.mailboxEmailLabel)).toHaveValue(email);
  await expect(page.getByTestId('sandbox-code').first()).toHaveText(otp);
  await shot(page, 'newcomer-05-mailbox-page');
});

test('outside sandbox mode the app shows no banner, mailbox or sandbox button', async ({
  page,
}) => {
  // The server's own answer, with sandbox off as a live deployment sends it.
  await page.route('**/api/config', async (route) => {
    const reply = await route.fetch();
    await route.fulfill({ response: reply, json: { ...(await reply.json()), sandbox: false } });
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Continue with email' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Sandbox' })).toHaveCount(0);
  // No support number configured: the social links offer no WhatsApp, and no made-up number.
  await expect(page.getByRole('link', { name: 'Instagram' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveCount(0);
  await expect(page.locator('a[href*="wa.me"]')).toHaveCount(0);
  await signUpByEmail(page, newEmail('live-look'));
  await expect(page.getByRole('note', { name: 'Sandbox' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Deposit' });
  await sheet.getByLabel('Amount', { exact: true }).fill('500');
  await sheet.getByRole('button', { name: 'Fund your Wallet' }).click();
  const details = page.getByRole('dialog', { name: 'Payment details' });
  await expect(details.getByRole('button', { name: 'I have paid' })).toBeVisible();
  await expect(details.getByRole('button', { name: sandboxMessages.addMoney })).toHaveCount(0);
  await page.goto('/sandbox/mailbox');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the WhatsApp link is the configured support number', async ({ page }) => {
  await page.route('**/api/config', async (route) => {
    const reply = await route.fetch();
    await route.fulfill({
      response: reply,
      json: { ...(await reply.json()), supportWhatsappUrl: 'https://wa.me/2348031234567' },
    });
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/2348031234567',
  );
});
