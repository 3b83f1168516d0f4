import { expect, test, type Page } from '@playwright/test';
import { formatKobo } from '@owo/shared/money';
import { messages } from '@owo/shared/messages';
import { sandboxMessages } from '@owo/shared/sandbox-messages';
import { SAFEHAVEN_IDENTITIES } from '@owo/providers/sandbox/magic';
import { newEmail, signUpByEmail } from './support/flows';
import { freshIdentityNumber } from './support/sandbox';
import { screenShot as shot } from './support/toasts';
import { homeBalance } from './support/wallet';

/** YYYY-MM-DD, `years` before today. */
function yearsAgo(years: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  return d.toISOString().slice(0, 10);
}

/** A message template with its {placeholders} matching anything. */
function templateRegExp(template: string): RegExp {
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/\\\{\w+\\\}/g, '.+'));
}

async function continueDetails(page: Page) {
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('KYC: details with the 18+ rule, NIN, a wrong then the right code, the permanent account everywhere, and a deposit into it', async ({
  page,
}) => {
  const nin = freshIdentityNumber();
  await signUpByEmail(page, newEmail('kyc'));

  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  await page.getByRole('link', { name: /Get a permanent Bank Account/ }).click();
  await expect(page).toHaveURL(/\/verification\/update$/);
  await expect(page.getByRole('heading', { name: 'Update your details' })).toBeVisible();

  // Prefilled from the profile.
  const firstName = page.getByLabel('First name');
  const phone = page.getByLabel('Phone number');
  await expect(firstName).toHaveValue('Ada');
  await expect(page.getByLabel('Last name')).toHaveValue('Okafor');
  await expect(phone).toHaveValue('08031234567');

  // Every rule speaks the spec's words.
  await firstName.fill('');
  await page.getByLabel('Last name').fill('');
  await phone.fill('');
  await continueDetails(page);
  for (const text of [
    messages.firstNameRequired,
    messages.lastNameRequired,
    messages.phoneRequired,
    messages.genderRequired,
    messages.birthDateRequired,
  ])
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  await shot(page, '10-kyc-details-errors');

  await firstName.fill('Ada');
  await page.getByLabel('Last name').fill('Okafor');
  await phone.fill('0812 345 6789');
  await page.getByRole('radio', { name: 'Female' }).click();
  await page.getByLabel('Date of birth').fill(yearsAgo(17));
  await continueDetails(page);
  await expect(page.getByText(messages.mustBeAdult)).toBeVisible();

  await page.getByLabel('Date of birth').fill('1994-05-17');
  const update = page.waitForRequest(
    (r) => r.url().endsWith('/api/user/update') && r.method() === 'PATCH',
  );
  await continueDetails(page);
  // Only what changed is sent, and the phone in the +234 form.
  expect((await update).postDataJSON()).toEqual({
    phoneNumber: '+2348123456789',
    gender: 'female',
    birthDate: '1994-05-17',
  });

  await expect(page).toHaveURL(/\/verification\/initiate$/);
  await expect(page.getByRole('heading', { name: 'Verify Your Account' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /NIN.*11-digit unique identifier/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /BVN.*11-digit bank identifier/ })).toBeVisible();
  await page.getByRole('button', { name: 'Verify Account' }).click();
  await expect(page.getByText(messages.verificationTypeAndNumber)).toBeVisible();
  await page.getByRole('radio', { name: /NIN/ }).click();
  const number = page.getByLabel('NIN number');
  await number.fill(`${nin}99`);
  await expect(number).toHaveValue(nin);
  await shot(page, '11-kyc-verify-account');
  await page.getByRole('button', { name: 'Verify Account' }).click();

  await expect(page).toHaveURL(/\/verification\/validate$/);
  // The identity number travels in navigation state only.
  expect(page.url()).not.toContain(nin);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(nin);

  const code = page.getByLabel('Verification code');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(templateRegExp(messages.verificationOtpWrong));
  await shot(page, '12-kyc-wrong-code');

  await code.fill(SAFEHAVEN_IDENTITIES.fixedOtp);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  const accountNumber =
    (await page.getByTestId('permanent-account-number').textContent())?.trim() ?? '';
  expect(accountNumber).toMatch(/^\d{10}$/);
  const card = page.getByRole('region', { name: 'Your permanent account' });
  const bankName = (await card.locator('p').nth(1).textContent())?.trim() ?? '';
  expect(bankName).not.toBe('');
  await shot(page, '13-kyc-account-ready');

  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // The profile shows the bank and the number (spec §2 Profile).
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(accountNumber)).toBeVisible();
  await expect(page.getByText(bankName, { exact: true })).toBeVisible();
  await shot(page, '14-profile-with-account');

  // The deposit sheet now shows the permanent account instead of the link.
  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Deposit' });
  await expect(sheet.getByTestId('permanent-account-number')).toHaveText(accountNumber);
  await expect(sheet.getByRole('link', { name: /Get a permanent Bank Account/ })).toHaveCount(0);
  await shot(page, '15-deposit-sheet-verified');

  // A verified customer's deposit goes to the same permanent account.
  await sheet.getByRole('button', { name: '₦2,000', exact: true }).click();
  await sheet.getByRole('button', { name: 'Fund your Wallet' }).click();
  const details = page.getByRole('dialog', { name: 'Payment details' });
  await expect(details.getByTestId('account-number')).toHaveText(accountNumber);
  await expect(details.getByTestId('amount-to-pay')).toHaveText('₦2,000.00');
  // A permanent account never expires: no countdown, and it says so.
  await expect(details.getByRole('timer')).toHaveCount(0);
  await expect(details.getByTestId('permanent-pill')).toHaveText(/never expires/);
  await shot(page, '16-payment-details-verified');
  // The sandbox plays the bank transfer into the permanent account; PalmPay's webhook credits it.
  await details.getByRole('button', { name: sandboxMessages.addMoney }).click();
  await expect(
    page.getByText(messages.depositCompleted.replace('{amount}', formatKobo(2000_00))),
  ).toBeVisible();
  await expect(homeBalance(page)).toHaveText(formatKobo(2000_00));

  // Coming back to the KYC screen shows the account instead of starting over.
  await page.goto('/verification/update');
  await expect(page.getByRole('heading', { name: 'You are verified' })).toBeVisible();
  await expect(page.getByTestId('permanent-account-number')).toHaveText(accountNumber);
});

test('KYC: complete details continue straight on; the code screen needs its navigation state', async ({
  page,
}) => {
  await signUpByEmail(page, newEmail('kyc-direct'));
  // Without the identity in navigation state, the code screen sends the customer back a step.
  await page.goto('/verification/validate');
  await expect(page).toHaveURL(/\/verification\/initiate$/);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/verification/update');
  await page.getByRole('radio', { name: 'Male', exact: true }).click();
  await page.getByLabel('Date of birth').fill('1990-01-31');
  await continueDetails(page);
  await expect(page).toHaveURL(/\/verification\/initiate$/);

  // Details now complete: nothing to save, straight on.
  await page.goto('/verification/update');
  await expect(page.getByRole('radio', { name: 'Male', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByLabel('Date of birth')).toHaveValue('1990-01-31');
  let patched = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/user/update')) patched = true;
  });
  await continueDetails(page);
  await expect(page).toHaveURL(/\/verification\/initiate$/);
  expect(patched).toBe(false);

  // An identity the registry does not know: the server's words.
  await page.getByRole('radio', { name: /BVN/ }).click();
  await page.getByLabel('BVN number').fill(SAFEHAVEN_IDENTITIES.notFound);
  await page.getByRole('button', { name: 'Verify Account' }).click();
  await expect(page.getByText(messages.identityNotFound.replace('{type}', 'BVN'))).toBeVisible();
  await expect(page).toHaveURL(/\/verification\/initiate$/);
});
