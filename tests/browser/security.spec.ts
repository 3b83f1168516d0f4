import { expect, test } from '@playwright/test';
import { messages } from '@owo/shared/messages';
import { securityMessages } from '@owo/shared/security';
import { logIn, logOut, newEmail, PASSWORD, signUpByEmail, tapPin } from './support/flows';
import { shot } from './support/shots';

test.use({ viewport: { width: 390, height: 844 } });

const NEW_PASSWORD = 'N3w!passw0rd';

test('Security: devices with this one marked, sign out everywhere ends the other session, password and PIN change', async ({
  page,
  browser,
}) => {
  const email = await signUpByEmail(page, newEmail('security'), 'Ngozi');

  // A second device: a laptop signed in to the same account.
  const laptop = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  });
  const other = await laptop.newPage();
  await logIn(other, email);
  await expect(other).toHaveURL(/\/home$/);

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: /Security/ }).click();
  await expect(page).toHaveURL(/\/profile\/security$/);
  await expect(page.getByRole('navigation', { name: 'Security' })).toBeVisible();
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByTestId('device-row')).toHaveCount(2);
  await expect(devices.getByTestId('device-row').first()).toContainText('This device');
  await expect(devices).toContainText('Chrome on Windows');
  await shot(page, 'security-01-devices');

  // The laptop's token, read now: once signed out it may learn so over its live stream and
  // clear its storage before this test looks, so the server is asked with the token it held.
  const laptopToken = await other.evaluate(() => {
    const raw = localStorage.getItem('root') ?? '';
    return /"token":"([^"]+)"/.exec(raw)?.[1] ?? '';
  });
  expect(laptopToken.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const sheet = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expect(sheet).toBeVisible();
  await shot(page, 'security-02-confirm');
  await sheet.getByRole('button', { name: 'Sign out other devices' }).click();
  await expect(page.getByText(securityMessages.othersSignedOut)).toBeVisible();
  await expect(devices.getByTestId('device-row')).toHaveCount(1);
  await expect(page.getByText('You are signed in on this device only.')).toBeVisible();

  // The laptop's session is gone on the server: its next request is refused and it leaves.
  const status = await other.evaluate(async (token) => {
    const res = await fetch('/api/user', { headers: { authorization: `Bearer ${token}` } });
    return res.status;
  }, laptopToken);
  expect(status).toBe(401);
  await other.reload();
  await expect(other).not.toHaveURL(/\/home$/);
  await laptop.close();

  // Change password: the spec's rules, a wrong current password under its field, then success.
  await page.getByRole('button', { name: /Change password/ }).click();
  const passwordSheet = page.getByRole('dialog', { name: 'Change password' });
  await passwordSheet.getByLabel('Current password', { exact: true }).fill('Wr0ng!pass');
  await passwordSheet.getByLabel('New password', { exact: true }).fill('weak');
  await passwordSheet.getByLabel('Confirm new password', { exact: true }).fill('weak');
  await passwordSheet.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordSheet.getByText(messages.passwordCombined)).toBeVisible();
  await passwordSheet.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await passwordSheet.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await passwordSheet.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordSheet.getByText(securityMessages.currentPasswordIncorrect)).toBeVisible();
  await shot(page, 'security-03-password-sheet');
  await passwordSheet.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await passwordSheet.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(securityMessages.passwordChanged)).toBeVisible();
  await expect(passwordSheet).toHaveCount(0);

  // Change PIN: set one, then the Security row asks the current PIN first.
  await page.goto('/pin/create');
  await tapPin(page, '2580');
  await tapPin(page, '2580');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/profile/security');
  await page.getByRole('link', { name: /Change transaction PIN/ }).click();
  await expect(page.getByRole('heading', { name: 'Enter current PIN' })).toBeVisible();
  await tapPin(page, '1111');
  await expect(page.getByText(messages.pinIncorrectRetry)).toBeVisible();
  await tapPin(page, '2580');
  await expect(page.getByRole('heading', { name: 'Create a new PIN' })).toBeVisible();
  await tapPin(page, '1357');
  await tapPin(page, '1357');
  await expect(page.getByText(messages.pinSet)).toBeVisible();

  // The new password signs in; the old one no longer does.
  await logOut(page);
  await logIn(page, email, PASSWORD);
  await expect(page.getByText(messages.badCredentials)).toBeVisible();
  await logIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
});
