import { expect, test, type Page } from '@playwright/test';
import { formatKobo } from '@owo/shared/money';
import { messages } from '@owo/shared/messages';
import { MAGIC_BET_ACCOUNTS } from '@owo/providers/sandbox/magic';
import { newEmail, signUpByEmail, tapPin } from './support/flows';
import { shot } from './support/shots';
import { fundWallet, homeBalance, setPinByApi } from './support/wallet';
import { dismissToasts } from './support/toasts';

const PIN = '7391';
const FUNDS = 20_000;

async function fundedCustomer(page: Page, prefix: string) {
  await signUpByEmail(page, newEmail(prefix));
  await setPinByApi(page, PIN);
  await fundWallet(page, FUNDS);
  await page.goto('/home');
  await expect(homeBalance(page)).toHaveText(formatKobo(FUNDS * 100));
}

function platforms(page: Page) {
  return page.getByRole('list', { name: 'Betting platforms' });
}

test('betting: platforms, More, limits, a wrong PIN, then a top-up that lands on /home', async ({
  page,
}) => {
  await fundedCustomer(page, 'bet');
  await page.getByRole('button', { name: 'Betting', exact: true }).click();
  await expect(page).toHaveURL(/\/betting$/);
  await expect(page.getByText('Betting', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute(
    'href',
    '/transactions',
  );

  // The first three platforms and More; MSport and SportyBet are never offered.
  const list = platforms(page);
  await expect(list.getByRole('button')).toHaveCount(4);
  await expect(list.getByRole('button', { name: 'Bet9ja' })).toBeVisible();
  await expect(list.getByRole('button', { name: 'More' })).toBeVisible();
  const amount = page.getByLabel('Amount', { exact: true });
  await expect(amount).toHaveAttribute('placeholder', '100-500,000');
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeDisabled();
  await shot(page, 'betting-01-screen');

  await list.getByRole('button', { name: 'More' }).click();
  await expect(list.getByRole('button', { name: 'More' })).toHaveCount(0);
  const names = (await list.getByRole('button').allTextContents()).map((t) => t.trim());
  expect(names.some((n) => /MSport|SportyBet/i.test(n))).toBe(false);
  expect(names.length).toBeGreaterThan(3);
  // MerryBet's icon answers 404: its initials stand in.
  const merry = list.getByRole('button', { name: 'MerryBet' });
  await expect(merry.getByTestId('biller-initials')).toHaveText('MB');
  await expect(list.getByRole('button', { name: 'Bet9ja' }).locator('img')).toBeVisible();
  await expect(
    list.getByRole('button', { name: 'Bet9ja' }).getByTestId('biller-initials'),
  ).toHaveCount(0);

  // NairaBet has its own limits (₦200 – ₦100,000).
  await list.getByRole('button', { name: 'NairaBet' }).click();
  await expect(page.getByTestId('betting-limits')).toHaveText('Min: ₦200 | Max: ₦100,000');
  await expect(amount).toHaveAttribute('placeholder', '200-100,000');
  await expect(page.getByTestId('user-id-platform')).toHaveText('NairaBet');

  // Typing past the maximum is refused with the warning; letters never get in.
  await amount.pressSequentially('1000a001');
  await expect(amount).toHaveValue('100000');
  await expect(page.getByText('Maximum amount is ₦100,000')).toBeVisible();
  await shot(page, 'betting-02-limits');

  // Below the minimum, the typed amount is cleared with a note.
  await amount.fill('150');
  await page.getByLabel('User ID').click();
  await expect(amount).toHaveValue('');
  await expect(page.getByText('Minimum amount is ₦200')).toBeVisible();

  // A quick amount clears the free input.
  await amount.fill('700');
  await page.getByRole('button', { name: '₦1,000', exact: true }).click();
  await expect(amount).toHaveValue('');
  await expect(page.getByRole('button', { name: '₦1,000', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeDisabled();
  await page.getByLabel('User ID').fill('NB-778812');
  await page.getByRole('button', { name: /^Pay/ }).click();

  const sheet = page.getByRole('dialog', { name: 'Enter Transaction PIN' });
  await expect(sheet).toContainText('NairaBet');
  await expect(sheet).toContainText('NB-778812');
  await expect(sheet).toContainText('₦1,000');
  await expect(sheet.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(sheet.getByText(messages.bettingPinRequired)).toBeVisible();
  await shot(page, 'betting-03-pin-sheet');

  // A wrong PIN: the sheet stays open and the PIN is cleared.
  await tapPin(page, '1111');
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(sheet.getByText(messages.bettingPinIncorrect)).toBeVisible();
  await expect(sheet.getByLabel('Transaction PIN')).toHaveValue('');
  await shot(page, 'betting-04-pin-wrong');

  // The backdrop closes the sheet and forgets the PIN.
  await tapPin(page, '73');
  await page.getByTestId('sheet-backdrop').click({ position: { x: 20, y: 20 } });
  await expect(sheet).toHaveCount(0);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(sheet.getByLabel('Transaction PIN')).toHaveValue('');

  await tapPin(page, PIN);
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Successfully funded NairaBet with ₦1,000!')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(/\/home$/);
  await shot(page, 'betting-05-success');
  await expect(homeBalance(page)).toHaveText(formatKobo((FUNDS - 1_000) * 100));
  await expect(
    page.getByRole('list', { name: 'Recent transactions' }).getByRole('button', {
      name: /Betting top-up/,
    }),
  ).toBeVisible();
});

test('betting: a refused top-up closes the sheet with the server message and refunds', async ({
  page,
}) => {
  await fundedCustomer(page, 'betfail');
  await page.goto('/betting');
  await platforms(page).getByRole('button', { name: 'Bet9ja' }).click();
  await expect(page.getByTestId('betting-limits')).toHaveText('Min: ₦100 | Max: ₦500,000');
  await page.getByLabel('Amount', { exact: true }).fill('2500');
  await page.getByLabel('User ID').fill(MAGIC_BET_ACCOUNTS.failed);
  await page.getByRole('button', { name: 'Pay ₦2,500' }).click();
  const sheet = page.getByRole('dialog', { name: 'Enter Transaction PIN' });
  await tapPin(page, PIN);
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(sheet).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText(messages.purchaseFailed)).toBeVisible();
  await expect(page).toHaveURL(/\/betting$/);
  // The refusal's toast covers the header's Back at 390 px (and stays while the pointer rests on it).
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(homeBalance(page)).toHaveText(formatKobo(FUNDS * 100));
});

test('betting: without a PIN the customer sets one first; a pending top-up says it is processing', async ({
  page,
}) => {
  await signUpByEmail(page, newEmail('betpin'));
  await page.getByRole('button', { name: 'Betting', exact: true }).click();
  await expect(page).toHaveURL(/\/pin\/create$/);
  await tapPin(page, PIN);
  await tapPin(page, PIN);
  await expect(page).toHaveURL(/\/betting$/);
  await fundWallet(page, 5_000);

  await platforms(page).getByRole('button', { name: 'BetKing' }).click();
  await page.getByRole('button', { name: '₦500', exact: true }).click();
  await page.getByLabel('User ID').fill(MAGIC_BET_ACCOUNTS.pendingThenDelivered);
  await page.getByRole('button', { name: 'Pay ₦500' }).click();
  await tapPin(page, PIN);
  await page
    .getByRole('dialog', { name: 'Enter Transaction PIN' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText(messages.purchaseProcessing)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/home$/);
  // The money is held while PalmPay finishes the order.
  await expect(homeBalance(page)).toHaveText(formatKobo(450_000));
});
