import { expect, test, type Page } from '@playwright/test';
import { MAGIC_METERS, MAGIC_SMARTCARDS } from '@owo/providers/sandbox/magic';
import { newEmail, signUpByEmail } from './support/flows';
import { shot } from './support/shots';
import { setPinByApi } from './support/wallet';

const METER_OWNER = 'Adebayo Oluwaseun Adeyemi';
const CARD_OWNER = 'Ibrahim Musa Danjuma';

/** Counts the look-ups the page makes to one verify endpoint. */
function countCalls(page: Page, path: string) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(path)) {
      calls.push(request.postData() ?? '');
    }
  });
  return calls;
}

async function customer(page: Page, prefix: string) {
  await signUpByEmail(page, newEmail(prefix));
  await setPinByApi(page, '2580');
}

test("electricity: the meter's owner shows once the number is complete, and Summary reuses it", async ({
  page,
}) => {
  await customer(page, 'livemeter');
  const calls = countCalls(page, '/api/vtpass/verify-meter-number');
  await page.goto('/utility');

  // The disco picker is a bottom sheet with a search box.
  const provider = page.getByRole('button', { name: /^Provider/ });
  await provider.click();
  const sheet = page.getByRole('dialog', { name: 'Choose a provider' });
  await expect(sheet.getByRole('option')).not.toHaveCount(0);
  await shot(page, 'utility-provider-sheet');
  await sheet.getByRole('searchbox', { name: 'Search provider' }).fill('eko');
  await expect(sheet.getByRole('option')).toHaveCount(1);
  await sheet.getByRole('searchbox', { name: 'Search provider' }).fill('zzz');
  await expect(sheet.getByText('Nothing matches “zzz”.')).toBeVisible();
  await sheet.getByRole('searchbox', { name: 'Search provider' }).fill('ikeja');
  await sheet.getByRole('option', { name: 'Ikeja Electric' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(provider).toHaveText('Ikeja Electric');

  // An incomplete number is never looked up.
  const meter = page.getByLabel('Meter number');
  await meter.pressSequentially(MAGIC_METERS.delivered.slice(0, 8), { delay: 30 });
  await page.waitForTimeout(1200);
  expect(calls).toHaveLength(0);

  // Complete: the name appears on the form, before any Continue.
  await meter.pressSequentially(MAGIC_METERS.delivered.slice(8), { delay: 30 });
  const owner = page.getByTestId('verified-owner');
  await expect(owner).toContainText(METER_OWNER);
  await expect(owner).toContainText('Victoria Island');
  expect(calls).toHaveLength(1);
  await shot(page, 'utility-verified');

  // The Summary shows the same name without asking again.
  await page.getByLabel('Amount', { exact: true }).fill('2000');
  await page.getByRole('button', { name: 'Continue' }).click();
  const summary = page.getByRole('dialog', { name: 'Summary' });
  await expect(summary).toContainText(METER_OWNER);
  expect(calls).toHaveLength(1);
});

test('electricity: an unknown meter is said under the field while typing', async ({ page }) => {
  await customer(page, 'livebadmeter');
  await page.goto('/utility');
  await page.getByRole('button', { name: /^Provider/ }).click();
  await page.getByRole('option', { name: 'Ikeja Electric' }).click();
  await page.getByLabel('Meter number').fill(MAGIC_METERS.invalidAccount);
  await expect(page.getByLabel('Meter number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('verified-owner')).toHaveCount(0);
  await shot(page, 'utility-unknown-meter');
});

test("cable: the card's owner shows while typing; packages come from a searchable sheet", async ({
  page,
}) => {
  await customer(page, 'livecard');
  const calls = countCalls(page, '/api/vtpass/smartcard-verify');
  await page.goto('/cable');
  await page.getByRole('button', { name: 'GOTV', exact: true }).click();
  await page.getByLabel('Smart card number').fill(MAGIC_SMARTCARDS.delivered);
  const owner = page.getByTestId('verified-owner');
  await expect(owner).toContainText(CARD_OWNER);
  await expect(owner).toContainText('Current bouquet');
  expect(calls).toHaveLength(1);

  const packageField = page.getByRole('button', { name: /^Package/ });
  await packageField.click();
  const sheet = page.getByRole('dialog', { name: 'GOTV packages' });
  const options = sheet.getByRole('option');
  // The sheet's rows load on first use.
  await expect(options.first()).toBeVisible();
  const all = await options.count();
  expect(all).toBeGreaterThan(1);
  // Prices are aligned at the right edge and written with ₦.
  await expect(options.first()).toContainText(/₦[\d,]+\.\d{2}/);
  await shot(page, 'cable-package-sheet');
  await sheet.getByRole('searchbox', { name: 'Search package' }).fill('smallie');
  await expect(options).not.toHaveCount(all);
  await expect(options.first()).toContainText(/smallie/i);
  await options.first().click();
  await expect(packageField).toHaveText(/Smallie.* - ₦[\d,]+/i);

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Summary' })).toContainText(CARD_OWNER);
  expect(calls).toHaveLength(1);
  await page.keyboard.press('Escape');
  await shot(page, 'cable-verified');
});

test('data: plans of the same size say their validity plainly', async ({ page }) => {
  await customer(page, 'liveplans');
  await page.goto('/data');
  await page.getByRole('button', { name: 'MTN SME', exact: true }).click();
  const plans = page.getByRole('list', { name: 'MTN SME plans' });
  // Two 1GB plans (30 days and 1 month), each named with its validity and price.
  // A card is named by what it shows: "1GB 30 days ₦651".
  const oneGb = plans.getByRole('button', { name: /^1GB \S.* ₦[\d,]+$/ });
  await expect(oneGb).toHaveCount(2);
  const names = await oneGb.evaluateAll((els) => els.map((e) => e.textContent));
  expect(new Set(names).size).toBe(2);
  await expect(page.getByText('Same size, different validity')).toBeVisible();
  await shot(page, 'data-same-size');
});
