import { expect, type Page } from '@playwright/test';
import { typeCode } from './code-boxes';
import { readCode } from './mail';

export const PASSWORD = 'Str0ng!pass';
let counter = 0;
export function newEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

/** A new customer signs up by e-mail code and lands on /home. */
export async function signUpByEmail(page: Page, email = newEmail(), firstName = 'Ada') {
  await page.goto('/');
  await page.getByRole('link', { name: 'Continue with email' }).click();
  await page.getByLabel('Email address').fill(email);
  const sentAfter = Date.now() - 1;
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/otp$/);
  await typeCode(page, 'OTP code', await readCode(email, sentAfter));
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/account\/complete-registration$/);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Phone number').fill('08031234567');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: `Hi, ${firstName}` })).toBeVisible();
  return email;
}

export async function logOut(page: Page) {
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: 'Log Out' }).click();
  // Signed out once the app has left the signed-in screens (the landing page, or /login for staff).
  await expect(page).not.toHaveURL(/\/profile$/);
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Next' }).click();
}

export async function tapPin(page: Page, pin: string) {
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
}

/** Asks for a password-reset code for `email` from the signed-out screens; answers the code. */
export async function requestResetCode(page: Page, email: string): Promise<string> {
  await page.goto('/password/request-password');
  await page.getByLabel('Email address').fill(email);
  const sentAfter = Date.now() - 1;
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page).toHaveURL(/\/otp\/reset$/);
  return readCode(email, sentAfter);
}
