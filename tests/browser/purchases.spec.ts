import { expect, test, type Page } from '@playwright/test';
import { formatKobo, parseNairaToKobo } from '@owo/shared/money';
import { DATA_BALANCE_USSD } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { MAGIC_METERS, MAGIC_PHONES, MAGIC_SMARTCARDS } from '@owo/providers/sandbox/magic';
import { newEmail, signUpByEmail, tapPin } from './support/flows';
import { fundWallet, homeBalance, setPinByApi } from './support/wallet';
import { dismissToasts } from './support/toasts';

const PIN = '2580';
const FUNDS = 20_000;

/** A new customer (phone 08031234567, so MTN) with a PIN and a funded wallet, on /home. */
async function fundedCustomer(page: Page, prefix: string) {
  await signUpByEmail(page, newEmail(prefix));
  await setPinByApi(page, PIN);
  await fundWallet(page, FUNDS);
  await page.goto('/home');
  await expect(homeBalance(page)).toHaveText(formatKobo(FUNDS * 100));
}

/** Summary → Continue → PIN → Confirm, then the success dialog. */
async function payWithPin(page: Page) {
  const summary = page.getByRole('dialog', { name: 'Summary' });
  await expect(summary).toBeVisible();
  await summary.getByRole('button', { name: 'Continue' }).click();
  const pinSheet = page.getByRole('dialog', { name: 'Enter Transaction PIN' });
  await expect(pinSheet).toBeVisible();
  await expect(pinSheet.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await tapPin(page, PIN);
  await pinSheet.getByRole('button', { name: 'Confirm' }).click();
}

function amountKobo(text: string | null): number {
  const match = /₦([\d,]+(?:\.\d{1,2})?)/.exec(text ?? '');
  const kobo = match ? parseNairaToKobo(match[1]!) : null;
  if (kobo === null) throw new Error(`no amount in ${text}`);
  return kobo;
}

test('a customer buys data: plan → Summary → PIN → Payment Successful with the balance code', async ({
  page,
}) => {
  await fundedCustomer(page, 'data');
  await page.getByRole('button', { name: 'Data', exact: true }).click();
  await expect(page).toHaveURL(/\/data$/);

  // The profile's number (0803…) picks MTN by itself.
  await expect(page.getByLabel('Phone number')).toHaveValue('08031234567');
  await expect(page.getByRole('button', { name: 'MTN', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('group', { name: 'Plan types' })).toBeVisible();

  const plan = page
    .getByRole('list', { name: /plans$/ })
    .getByRole('button')
    .first();
  const price = amountKobo(await plan.textContent());
  await plan.click();

  const summary = page.getByRole('dialog', { name: 'Summary' });
  await expect(summary).toContainText('DATA');
  await expect(summary).toContainText('08031234567');
  await payWithPin(page);

  const success = page.getByRole('alertdialog', { name: messages.paymentSuccessful });
  await expect(success).toBeVisible({ timeout: 20_000 });
  await expect(success).toContainText(DATA_BALANCE_USSD);
  await success.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(homeBalance(page)).toHaveText(formatKobo(FUNDS * 100 - price));
});

test('a customer buys airtime; a wrong PIN keeps the PIN sheet open', async ({ page }) => {
  await fundedCustomer(page, 'airtime');
  await page.getByRole('button', { name: 'Airtime', exact: true }).click();
  await expect(page).toHaveURL(/\/airtime$/);

  // Validation speaks the spec's words.
  await page.getByLabel('Phone number').fill('0803');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(messages.invalidPhone)).toBeVisible();
  await expect(page.getByText(messages.invalidAmount)).toBeVisible();

  await page.getByLabel('Phone number').fill('08051234567');
  await expect(page.getByRole('button', { name: 'GLO', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: '₦500' }).click();
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('500');
  await page.getByRole('button', { name: 'Continue' }).click();

  const summary = page.getByRole('dialog', { name: 'Summary' });
  await expect(summary).toContainText('AIRTIME');
  await expect(summary).toContainText('08051234567');
  await expect(summary).toContainText('₦500.00');
  await summary.getByRole('button', { name: 'Continue' }).click();

  const pinSheet = page.getByRole('dialog', { name: 'Enter Transaction PIN' });
  await tapPin(page, '1111');
  await pinSheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(pinSheet.getByText(messages.pinIncorrectRetry)).toBeVisible();
  await expect(pinSheet.getByRole('button', { name: 'Confirm' })).toBeDisabled();

  await tapPin(page, PIN);
  await pinSheet.getByRole('button', { name: 'Confirm' }).click();
  const success = page.getByRole('alertdialog', { name: messages.paymentSuccessful });
  await expect(success).toBeVisible({ timeout: 20_000 });
  await success.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(homeBalance(page)).toHaveText(formatKobo((FUNDS - 500) * 100));
});

test('a customer pays for electricity and sees the token in the success dialog', async ({
  page,
}) => {
  await fundedCustomer(page, 'power');
  await page.getByRole('button', { name: 'Electricity', exact: true }).click();
  await expect(page).toHaveURL(/\/utility$/);

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(messages.selectProvider)).toBeVisible();
  await expect(page.getByText(messages.invalidMeterNumber)).toBeVisible();

  await expect(page.getByRole('radio', { name: 'Prepaid' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  // The disco is picked from a bottom sheet with a search box.
  await page.getByRole('button', { name: /^Provider/ }).click();
  await page.getByRole('searchbox', { name: 'Search provider' }).fill('ikeja');
  await page.getByRole('option', { name: 'Ikeja Electric' }).click();
  await expect(page.getByRole('button', { name: /^Provider/ })).toHaveText('Ikeja Electric');
  await page.getByLabel('Meter number').fill(MAGIC_METERS.delivered);
  await page.getByLabel('Amount', { exact: true }).fill('2000');
  await page.getByRole('button', { name: 'Continue' }).click();

  const summary = page.getByRole('dialog', { name: 'Summary' });
  await expect(summary).toContainText('Adebayo Oluwaseun Adeyemi');
  await expect(summary).toContainText(MAGIC_METERS.delivered);
  await expect(summary).toContainText('₦2,000.00');
  await payWithPin(page);

  const success = page.getByRole('alertdialog', { name: messages.paymentSuccessful });
  await expect(success).toBeVisible({ timeout: 20_000 });
  await expect(success.getByTestId('electricity-token')).toHaveText(/^\d{4}(-\d{4})+$/);
  await expect(success.getByRole('button', { name: 'Copy token' })).toBeVisible();
  await success.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(homeBalance(page)).toHaveText(formatKobo((FUNDS - 2000) * 100));
});

test('a customer renews cable TV after the card is verified', async ({ page }) => {
  await fundedCustomer(page, 'cable');
  await page.getByRole('button', { name: 'CableTv', exact: true }).click();
  await expect(page).toHaveURL(/\/cable$/);

  await page.getByRole('button', { name: 'GOTV', exact: true }).click();
  await page.getByLabel('Smart card number').fill(MAGIC_SMARTCARDS.delivered);
  const packageField = page.getByRole('button', { name: /^Package/ });
  await expect(packageField).toBeEnabled();
  await packageField.click();
  await page.getByRole('listbox', { name: 'GOTV packages' }).getByRole('option').first().click();
  const label = await packageField.textContent();
  // Prices read the way the rest of the app writes them: ₦, never "N1,900".
  expect(label).toMatch(/ - ₦[\d,]+(\.\d+)?$/);
  await page.getByRole('button', { name: 'Continue' }).click();

  const summary = page.getByRole('dialog', { name: 'Summary' });
  await expect(summary).toContainText('CABLETV');
  await expect(summary).toContainText(MAGIC_SMARTCARDS.delivered);
  await expect(summary).toContainText('Ibrahim Musa Danjuma');
  await expect(summary).toContainText('Current bouquet');
  await payWithPin(page);

  const success = page.getByRole('alertdialog', { name: messages.paymentSuccessful });
  await expect(success).toBeVisible({ timeout: 20_000 });
  await success.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  const price = amountKobo(`₦${(label ?? '').split(' - ₦').pop()}`);
  await expect(homeBalance(page)).toHaveText(formatKobo(FUNDS * 100 - price));
});

test('a refused purchase shows the server message in a toast and leaves the balance alone', async ({
  page,
}) => {
  await fundedCustomer(page, 'refused');
  await page.goto('/data');
  await page.getByLabel('Phone number').fill(MAGIC_PHONES.failed);
  // 0801 is no network's prefix: the network detected from the profile's number stays chosen.
  await expect(page.getByRole('button', { name: 'MTN', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page
    .getByRole('list', { name: /plans$/ })
    .getByRole('button')
    .first()
    .click();
  await payWithPin(page);

  await expect(page.getByText(messages.purchaseFailed)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('dialog', { name: 'Enter Transaction PIN' })).toHaveCount(0);
  await expect(page.getByRole('alertdialog', { name: messages.paymentSuccessful })).toHaveCount(0);
  // The refusal's toast covers the header's Back at 390 px (and stays while the pointer rests on it).
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(homeBalance(page)).toHaveText(formatKobo(FUNDS * 100));
});

test('the purchase form survives a reload and a customer without a PIN sets one first', async ({
  page,
}) => {
  await signUpByEmail(page, newEmail('nopin'));
  await page.goto('/airtime');
  await expect(page).toHaveURL(/\/pin\/create$/);
  await tapPin(page, PIN);
  await tapPin(page, PIN);
  await expect(page).toHaveURL(/\/airtime$/);

  await page.getByLabel('Phone number').fill('08021234567');
  await page.getByLabel('Amount', { exact: true }).fill('750');
  await page.reload();
  await expect(page.getByLabel('Phone number')).toHaveValue('08021234567');
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('750');
  await expect(page.getByRole('button', { name: 'AIRTEL', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(
    await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('root') ?? '{}').state)),
  ).toEqual(['user', 'auth']);
});

test('a number the prefixes do not know (the sandbox 0801… numbers) keeps the chosen network', async ({
  page,
}) => {
  await fundedCustomer(page, 'magic-network');
  await page.goto('/airtime');
  const glo = page.getByRole('button', { name: 'GLO', exact: true });
  await glo.click();
  await expect(glo).toHaveAttribute('aria-pressed', 'true');
  const phone = page.getByLabel('Phone number');
  await phone.fill('');
  // Typed digit by digit, as a customer does: no step of it drops the choice.
  await phone.pressSequentially(MAGIC_PHONES.delivered);
  await expect(phone).toHaveValue(MAGIC_PHONES.delivered);
  await expect(glo).toHaveAttribute('aria-pressed', 'true');
  // A number the prefixes do know still chooses its network (spec §4).
  await phone.fill('08021234567');
  await expect(page.getByRole('button', { name: 'AIRTEL', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
