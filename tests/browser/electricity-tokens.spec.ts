import { expect, test, type Page } from '@playwright/test';
import { formatKobo } from '@owo/shared/money';
import { messages } from '@owo/shared/messages';
import { MAGIC_METERS } from '@owo/providers/sandbox/magic';
import { newEmail, signUpByEmail, tapPin } from './support/flows';
import { shot } from './support/shots';
import { dismissToasts } from './support/toasts';
import { fundWallet, homeBalance, setPinByApi } from './support/wallet';

/**
 * Each DisCo answers VTpass's pay call in its own shape (the token under purchased_code, token,
 * Token or mainToken; packages/providers/src/vtpass/SOURCES.md): whichever it is, the customer
 * sees the token on the result screen and again in the history.
 */

const PIN = '1357';
const FUNDS = 20_000;
const AMOUNT = 1_000;
/** One DisCo of each reply shape the VTpass simulator serves. */
const DISCOS = [
  { name: 'Ikeja Electric', search: 'ikeja', shape: 'IKEDC: token, units' },
  { name: 'Eko Electric', search: 'eko', shape: 'EKEDC: mainToken, bonus token' },
  { name: 'Abuja Electric', search: 'abuja', shape: 'AEDC: Token, PurchasedUnits' },
  { name: 'Ibadan Electric', search: 'ibadan', shape: 'IBEDC: purchased_code, Units' },
  { name: 'Kano Electric', search: 'kano', shape: 'KEDCO: purchased_code only' },
];

async function buyPrepaid(page: Page, disco: (typeof DISCOS)[number]): Promise<string> {
  await page.goto('/utility');
  await page.getByRole('button', { name: /^Provider/ }).click();
  await page.getByRole('searchbox', { name: 'Search provider' }).fill(disco.search);
  await page.getByRole('option', { name: disco.name }).click();
  await expect(page.getByRole('button', { name: /^Provider/ })).toHaveText(disco.name);
  await expect(page.getByRole('radio', { name: 'Prepaid' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByLabel('Meter number').fill(MAGIC_METERS.delivered);
  await page.getByLabel('Amount', { exact: true }).fill(String(AMOUNT));
  await page.getByRole('button', { name: 'Continue' }).click();

  const summary = page.getByRole('dialog', { name: 'Summary' });
  await expect(summary).toContainText(MAGIC_METERS.delivered);
  await summary.getByRole('button', { name: 'Continue' }).click();
  const pinSheet = page.getByRole('dialog', { name: 'Enter Transaction PIN' });
  await expect(pinSheet).toBeVisible();
  await tapPin(page, PIN);
  await pinSheet.getByRole('button', { name: 'Confirm' }).click();

  const success = page.getByRole('alertdialog', { name: messages.paymentSuccessful });
  await expect(success).toBeVisible({ timeout: 20_000 });
  const tokenCard = success.getByTestId('electricity-token');
  await expect(tokenCard).toHaveText(/^\d{4}(-\d{4}){4}$/);
  const token = (await tokenCard.textContent())!;
  await shot(page, `electricity-token-${disco.search}`);
  await success.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  return token;
}

test('every DisCo`s reply shape shows its token on the result screen and in history', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpByEmail(page, newEmail('discos'));
  await setPinByApi(page, PIN);
  await fundWallet(page, FUNDS);
  await page.goto('/home');
  await expect(homeBalance(page)).toHaveText(formatKobo(FUNDS * 100));

  const tokens = new Map<string, string>();
  for (const disco of DISCOS) {
    await test.step(disco.shape, async () => {
      tokens.set(disco.name, await buyPrepaid(page, disco));
    });
  }
  // Five different orders, five different tokens, each charged once.
  expect(new Set(tokens.values()).size).toBe(DISCOS.length);
  await expect(homeBalance(page)).toHaveText(formatKobo((FUNDS - DISCOS.length * AMOUNT) * 100));

  await page.goto('/transactions');
  await dismissToasts(page);
  for (const disco of DISCOS) {
    await page.getByRole('button', { name: new RegExp(disco.name) }).click();
    const sheet = page.getByRole('dialog', { name: 'Transaction details' });
    await expect(sheet.getByTestId('detail-token')).toHaveText(tokens.get(disco.name)!);
    await shot(page, `electricity-history-${disco.search}`);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  }
});
