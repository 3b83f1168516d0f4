import { expect, test } from '@playwright/test';
import { messages } from '@owo/shared/messages';
import { readCode } from './support/mail';
import { logIn, logOut, newEmail, PASSWORD, signUpByEmail } from './support/flows';

test('a new customer signs up by e-mail code, logs out and logs back in by password', async ({
  page,
}) => {
  const email = await signUpByEmail(page);
  await expect(page.getByLabel('Wallet balance')).toContainText('₦0.00');

  await logOut(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Continue with email' })).toBeVisible();
  // The session is gone on the server too: /home sends a signed-out visitor back.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/$/);

  await logIn(page, email, 'Wr0ng!pass');
  await expect(page.getByText(messages.badCredentials)).toBeVisible();
  await logIn(page, email);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Hi, Ada' })).toBeVisible();
});

test('the login form shows the spec messages for bad input', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(messages.invalidEmail)).toBeVisible();
  await page.getByLabel('Email address').fill('someone@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(messages.invalidPassword)).toBeVisible();
});

test('a customer resets a forgotten password and logs in with the new one', async ({ page }) => {
  const email = await signUpByEmail(page, newEmail('reset'), 'Bola');
  await logOut(page);

  await page.goto('/login');
  await page.getByRole('link', { name: 'forgot password?' }).click();
  await expect(page).toHaveURL(/\/password\/request-password$/);
  await page.getByLabel('Email address').fill(email);
  const sentAfter = Date.now() - 1;
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page).toHaveURL(/\/otp\/reset$/);
  const code = await readCode(email, sentAfter);
  await page.getByLabel('OTP code').fill(code);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/password\/reset$/);
  const newPassword = 'N3w!passw0rd';
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password').fill('Different!1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(messages.passwordsDoNotMatch)).toBeVisible();
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, PASSWORD);
  await expect(page.getByText(messages.badCredentials)).toBeVisible();
  await logIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/home$/);
});
