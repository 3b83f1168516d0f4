import { expect, test, type Page } from '@playwright/test';
import { messages } from '@owo/shared/messages';
import { readCode } from './support/mail';
import {
  logOut,
  newEmail,
  PASSWORD,
  requestResetCode,
  signUpByEmail,
  tapPin,
} from './support/flows';
import { shot } from './support/shots';

/**
 * A careful customer's edges of signing in and the PIN (decisions 0058, 0059): tries left and the
 * lock's end, "Forgot PIN?" by e-mailed code, the reset code checked on its own screen, old
 * passwords refused, the server's reason for a refused code request, and no Google button where
 * Google sign-in is not configured.
 */

async function withPin(page: Page, prefix: string, pin: string) {
  const email = await signUpByEmail(page, newEmail(prefix), 'Ngozi');
  await page.goto('/pin/create');
  await tapPin(page, pin);
  await tapPin(page, pin);
  await expect(page).toHaveURL(/\/home$/);
  return email;
}

test('wrong PINs say the tries left, the lock says until when, and "Forgot PIN?" resets it by e-mail', async ({
  page,
}) => {
  const email = await withPin(page, 'pinlock', '2580');
  await page.goto('/pin/transfer/enter');
  const alert = page.getByRole('alert').filter({ hasText: /PIN/ });
  for (const left of ['4 tries left.', '3 tries left.', '2 tries left.']) {
    await tapPin(page, '1111');
    await expect(alert).toHaveText(`${messages.pinIncorrectRetry} ${left}`);
  }
  await tapPin(page, '1111');
  await expect(alert).toHaveText(
    `${messages.pinIncorrectRetry} 1 try left before PIN use is locked for 30 minutes.`,
  );
  await tapPin(page, '1111');
  await expect(alert).toContainText('PIN use is locked until');
  await expect(alert).toContainText('Forgot PIN?');
  await shot(page, 'auth-edges-01-pin-locked');
  // Locked: even the right PIN is refused.
  await tapPin(page, '2580');
  await expect(alert).toContainText('PIN use is locked until');
  await expect(page).toHaveURL(/\/pin\/transfer\/enter$/);

  const sentAfter = Date.now() - 1;
  await page.getByRole('button', { name: 'Forgot PIN?' }).click();
  await expect(page.getByRole('heading', { name: 'Enter email code' })).toBeVisible();
  const code = await readCode(email, sentAfter);
  // A wrong code is refused on this step, before a new PIN is typed.
  // Typed key by key; the fourth digit sends it, and the refusal empties the boxes at once.
  await page.getByLabel('Email code', { exact: true }).click();
  await page.keyboard.type(code === '0000' ? '1111' : '0000');
  await expect(page.getByText(messages.otpInvalidOrExpired)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Enter email code' })).toBeVisible();
  // The right code moves on to the new PIN at once, so the boxes may be gone before they are read.
  await page.getByLabel('Email code', { exact: true }).click();
  await page.keyboard.type(code);
  await expect(page.getByRole('heading', { name: 'Create a new PIN' })).toBeVisible();
  await tapPin(page, '1357');
  await tapPin(page, '1357');
  // Back where "Forgot PIN?" was tapped, unlocked, with the new PIN.
  await expect(page).toHaveURL(/\/pin\/transfer\/enter$/);
  await tapPin(page, '1357');
  await expect(page).toHaveURL(/\/transfer$/);
});

test('the reset code is checked on its screen, an old password is refused, a refused request says why', async ({
  page,
}) => {
  const email = await signUpByEmail(page, newEmail('reset-edges'), 'Tunde');
  await logOut(page);
  const code = await requestResetCode(page, email);

  // A second request within the minute: the server's reason, not "Failed to login".
  await page.goto('/password/request-password');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText(messages.otpRateMinute)).toBeVisible();
  await expect(page.getByText(messages.forgotPasswordFailed)).toHaveCount(0);

  await page.goto('/otp/reset');
  await page.getByLabel('OTP code').fill(code === '0000' ? '1111' : '0000');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(messages.otpInvalidOrExpired)).toBeVisible();
  await expect(page).toHaveURL(/\/otp\/reset$/);
  await shot(page, 'auth-edges-02-reset-code-wrong');
  await page.getByLabel('OTP code').fill(code);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/password\/reset$/);

  // The current password is not a new one.
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(messages.passwordReused)).toBeVisible();
  await expect(page).toHaveURL(/\/password\/reset$/);
  await shot(page, 'auth-edges-03-password-reused');
  // The same code takes a new one.
  const fresh = 'Fr3sh!passw0rd';
  await page.getByLabel('Password', { exact: true }).fill(fresh);
  await page.getByLabel('Confirm password').fill(fresh);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('no "Continue with Google" where Google sign-in is not configured; offered where it is', async ({
  page,
}) => {
  const config = await (await page.request.get('/api/config')).json();
  expect(config.googleClientId).toBeNull();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Continue with email' })).toBeVisible();
  // Give the config answer time to arrive: the button must not appear late either.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  await shot(page, 'auth-edges-04-landing-no-google');

  // A deployment with a client id: the server's answer with one filled in.
  await page.route('**/api/config', async (route) => {
    const reply = await route.fetch();
    await route.fulfill({
      response: reply,
      json: { ...(await reply.json()), googleClientId: 'test-client.apps.googleusercontent.com' },
    });
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
});

test('a session that reached its 12 hours says so on the sign-in screen', async ({ page }) => {
  await signUpByEmail(page, newEmail('lifetime'), 'Kemi');
  // The server's own refusal of a session past its lifetime (apps/api/test/session-rules.test.ts
  // reaches it with the server's clock); here the reply is the one it sends.
  await page.route('**/api/user', async (route) => {
    await route.fulfill({
      status: 401,
      json: {
        success: false,
        code: 'SESSION_EXPIRED',
        message: messages.signedOutExpired,
        data: { message: messages.signedOutExpired },
      },
    });
  });
  await page.goto('/home');
  await expect(page).toHaveURL(/\/$/);
  const notice = page.getByRole('status').filter({ hasText: messages.signedOutExpired });
  await expect(notice).toBeVisible();
  await shot(page, 'auth-edges-05-lifetime-notice');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
});
