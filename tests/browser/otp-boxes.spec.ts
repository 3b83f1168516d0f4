import { expect, test } from '@playwright/test';
import { codeBoxes, pasteCode } from './support/code-boxes';
import { logOut, newEmail, requestResetCode, signUpByEmail, tapPin } from './support/flows';
import { readCode } from './support/mail';
import { shot } from './support/shots';

test.use({ viewport: { width: 390, height: 844 } });

test('sign-in code: four numeric boxes that advance, go back on Backspace, fill on paste, with a resend countdown', async ({
  page,
}) => {
  await page.clock.install();
  const email = newEmail('boxes');
  await page.goto('/account/create');
  await page.getByLabel('Email address').fill(email);
  const sentAfter = Date.now() - 1;
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/otp$/);
  const code = await readCode(email, sentAfter);

  const boxes = codeBoxes(page, 'OTP code');
  await expect(boxes).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    await expect(boxes.nth(i)).toHaveAttribute('inputmode', 'numeric');
  }
  await expect(boxes.first()).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(boxes.first()).toBeFocused();

  // The resend link waits out the server's one-code-a-minute, counting down where it is seen.
  await expect(page.getByRole('timer')).toHaveText(/Resend OTP in 0:[56]\d/);
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toHaveCount(0);

  // Typing advances; letters are ignored; Backspace on an empty box clears the one before.
  await page.keyboard.type('4a7');
  await expect(boxes.nth(0)).toHaveValue('4');
  await expect(boxes.nth(1)).toHaveValue('7');
  await expect(boxes.nth(2)).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(boxes.nth(1)).toHaveValue('');
  await expect(boxes.nth(1)).toBeFocused();
  // A box past the first empty one hands focus back to it: the digits stay in order.
  await boxes.nth(3).click();
  await expect(boxes.nth(1)).toBeFocused();
  await shot(page, 'otp-01-typing');

  // Pasting the whole code into any box fills all four.
  await pasteCode(page, 'OTP code', code, 1);
  for (let i = 0; i < 4; i++) await expect(boxes.nth(i)).toHaveValue(code[i] ?? '');
  await shot(page, 'otp-02-pasted');

  // After the minute the link itself is offered (sending again is session.spec's and the API's).
  await page.clock.fastForward(61_000);
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await shot(page, 'otp-03-resend');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/account\/complete-registration$/);
});

test('password reset code: boxes on the code screen and on the new-password screen', async ({
  page,
}) => {
  const email = await signUpByEmail(page, newEmail('boxreset'), 'Bola');
  await logOut(page);
  const code = await requestResetCode(page, email);
  await expect(codeBoxes(page, 'OTP code')).toHaveCount(4);
  await expect(page.getByRole('timer')).toHaveText(/Resend OTP in/);
  await pasteCode(page, 'OTP code', code, 3);
  await shot(page, 'otp-04-reset');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/password\/reset$/);
  // The code travels on, shown in its boxes above the new password.
  const boxes = codeBoxes(page, 'OTP code');
  for (let i = 0; i < 4; i++) await expect(boxes.nth(i)).toHaveValue(code[i] ?? '');
});

test('PIN change by e-mail code: the code goes into boxes, then the new PIN', async ({ page }) => {
  const email = await signUpByEmail(page, newEmail('boxpin'), 'Chidi');
  await page.goto('/pin/create');
  await tapPin(page, '2580');
  await tapPin(page, '2580');
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/pin/create');
  await expect(page.getByRole('heading', { name: 'Enter current PIN' })).toBeVisible();
  const sentAfter = Date.now() - 1;
  await page.getByRole('button', { name: 'Forgot PIN?' }).click();
  await expect(page.getByRole('heading', { name: 'Enter email code' })).toBeVisible();
  const boxes = codeBoxes(page, 'Email code');
  await expect(boxes).toHaveCount(4);
  await expect(page.getByRole('timer')).toHaveText(/Resend code in/);
  await shot(page, 'otp-05-pin-email-code');
  await pasteCode(page, 'Email code', await readCode(email, sentAfter));
  await expect(page.getByRole('heading', { name: 'Create a new PIN' })).toBeVisible();
  await tapPin(page, '1357');
  await tapPin(page, '1357');
  await expect(page).toHaveURL(/\/home$/);
});
