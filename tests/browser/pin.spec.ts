import { expect, test } from '@playwright/test';
import { messages } from '@owo/shared/messages';
import { newEmail, signUpByEmail, tapPin } from './support/flows';

test('a customer without a PIN is sent to create one, then returns where they were going', async ({
  page,
}) => {
  await signUpByEmail(page, newEmail('pin'), 'Chidi');
  await expect(page.getByText(messages.setTransactionPin)).toBeVisible();

  await page.getByRole('link', { name: /Set transaction pin/ }).click();
  await expect(page).toHaveURL(/\/pin\/create$/);
  await tapPin(page, '2580');
  await expect(page.getByRole('heading', { name: 'Confirm your PIN' })).toBeVisible();
  await tapPin(page, '2580');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(messages.setTransactionPin)).toHaveCount(0);

  // The PIN works on the server: the transfer PIN screen accepts it and refuses a wrong one.
  await page.goto('/pin/transfer/enter');
  await tapPin(page, '1111');
  await expect(page.getByText(messages.pinIncorrectRetry)).toBeVisible();
  await tapPin(page, '2580');
  await expect(page).toHaveURL(/\/transfer$/);
});
