import { expect, test, type Page } from '@playwright/test';
import { formatKobo } from '@owo/shared/money';
import { messages } from '@owo/shared/messages';
import { newEmail, PASSWORD } from './support/flows';
import { readCode } from './support/mail';
import { pngFile } from './support/swap';
import { homeBalance, setPinByApi } from './support/wallet';

/** A toast speaks about the screen it was shown on: leaving that screen takes it away. */

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

test('a wrong-code toast leaves with the code screen; the sign-up success toast comes along to home', async ({
  page,
}) => {
  const email = newEmail('toastotp');
  await page.goto('/');
  await page.getByRole('link', { name: 'Continue with email' }).click();
  await page.getByLabel('Email address').fill(email);
  const sentAfter = Date.now() - 1;
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/otp$/);
  const code = await readCode(email, sentAfter);

  await page.getByLabel('OTP code').fill(code === '0000' ? '1111' : '0000');
  await page.getByRole('button', { name: 'Next' }).click();
  const wrongCode = toasts(page).and(page.locator('[data-type="error"]'));
  await expect(wrongCode).toHaveCount(1);
  // The customer reads it and types the right code (a person takes more than a second).
  await page.waitForTimeout(1_500);
  await expect(wrongCode).toHaveCount(1);
  await page.getByLabel('OTP code').fill(code);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/account\/complete-registration$/);
  await expect(page.getByLabel('First name')).toBeVisible();
  // Gone at once, not merely after its 5 s life.
  await expect(wrongCode).toHaveCount(0, { timeout: 1_000 });

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Phone number').fill('08031234567');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  // Shown as the app navigated: it belongs to the screen it leads to.
  await expect(toasts(page).and(page.locator('[data-type="success"]'))).toHaveCount(1);
});

test('"Please select at least one screenshot" does not sit on the "Upload Successful!" screen', async ({
  page,
}) => {
  const email = newEmail('toastswap');
  await page.goto('/');
  await page.getByRole('link', { name: 'Continue with email' }).click();
  await page.getByLabel('Email address').fill(email);
  const sentAfter = Date.now() - 1;
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('OTP code').fill(await readCode(email, sentAfter));
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Phone number').fill('08031234567');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(homeBalance(page)).toHaveText(formatKobo(0));
  await setPinByApi(page, '2580');

  await page.goto('/airtime-to-cash');
  await page.getByLabel('Airtime amount').fill('500');
  await page.getByLabel('Transaction PIN').fill('2580');
  await page.getByRole('button', { name: 'Convert Airtime' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Conversion' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page).toHaveURL(/\/screenshot-upload$/);

  await page.getByRole('button', { name: 'Upload Screenshot' }).click();
  const required = toasts(page).filter({ hasText: messages.swapScreenshotRequired });
  await expect(required).toHaveCount(1);
  await page.locator('input[type=file]').setInputFiles([pngFile('transfer.png')]);
  await page.getByRole('button', { name: 'Upload Screenshot' }).click();
  await expect(page.getByRole('heading', { name: messages.swapUploadSuccessful })).toBeVisible();
  await expect(required).toHaveCount(0, { timeout: 1_000 });
});
