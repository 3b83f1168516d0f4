import { expect, test } from '@playwright/test';
import { formatKobo } from '@owo/shared/money';
import { transferByApi } from './support/customer-api';
import { newEmail, signUpByEmail } from './support/flows';
import { dismissToasts, screenShot as shot } from './support/toasts';
import { fundWallet, homeBalance, setPinByApi } from './support/wallet';

/**
 * The notification centre (decision 0033): what arrives while the app is open is told in a toast
 * and counted on the bell; the centre lists it and opening it reads it.
 */
test('a transfer received while the app is open: a toast, the bell count, the balance and the centre', async ({
  page,
  browser,
}) => {
  // Two customers sign up and the idle poll is waited for: more than the default minute.
  test.setTimeout(150_000);
  const email = newEmail('notified');
  await signUpByEmail(page, email);
  const bell = page.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('unread-count')).toHaveCount(0);

  // Another customer sends money from their own phone.
  const other = await browser.newContext();
  const sender = await other.newPage();
  await signUpByEmail(sender, newEmail('sender'), 'Bola');
  await fundWallet(sender, 5_000);
  await setPinByApi(sender, '1234');
  await transferByApi(sender, email, 1_500, '1234', 'Suya money');
  await other.close();

  // The app hears of it on its own (the idle rhythm is 15 s).
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Transfer received' });
  await expect(toast).toBeVisible({ timeout: 25_000 });
  await expect(toast).toContainText('₦1,500.00 from Bola Okafor — “Suya money”.');
  await expect(page.getByTestId('unread-count')).toHaveText('1');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(homeBalance(page)).toHaveText(formatKobo(1_500_00));
  await shot(page, 'notifications-home-bell');

  // An operator's credit arrives too; the app is brought back to the front, and asks at once.
  await fundWallet(page, 250, 'goodwill');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByTestId('unread-count')).toHaveText('2', { timeout: 20_000 });

  // The toasts sit over the header; the customer closes them (or they time out) to reach the bell.
  await dismissToasts(page);
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const list = page.getByRole('list', { name: 'Notifications' });
  const items = list.getByRole('article');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Wallet credited');
  await expect(items.nth(0)).toContainText('+₦250.00');
  await expect(items.nth(1)).toContainText('Transfer received');
  await expect(items.nth(1)).toContainText('₦1,500.00 from Bola Okafor');
  // What was new stays marked for this visit.
  await expect(list.locator('[data-unread="true"]')).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Transfer received' })).toBeVisible();
  await shot(page, 'notifications-centre');

  // Opening the centre read them: back home, the bell has no count.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('unread-count')).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notifications');
  await page.reload();
  await expect(page.getByTestId('unread-count')).toHaveCount(0);
});

test('the centre for a customer with nothing yet says so', async ({ page }) => {
  await signUpByEmail(page, newEmail('no-notices'));
  await page.getByRole('link', { name: /^Notifications/ }).click();
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await shot(page, 'notifications-empty');
});
