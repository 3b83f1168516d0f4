import { randomUUID } from 'node:crypto';
import { expect, request, test, type Page } from '@playwright/test';
import { VTPASS_TOKEN_LATER_METER } from '@owo/providers/sandbox/magic';
import { adminMessages } from '@owo/shared/admin-messages';
import { openAdminAt } from './support/admin';
import { newEmail, signUpByEmail } from './support/flows';
import { shot } from './support/shots';
import { fundWallet, sessionOf, setPinByApi } from './support/wallet';

/**
 * A prepaid meter the supplier confirms without its token (decision 0046): the customer's order
 * stays pending with no token; the admin's Approve asks for the token, refuses a malformed one,
 * and settles the order with a good one, which the customer then sees in the history.
 */

const PIN = '8642';
const t = adminMessages;

async function tokenlessVend(page: Page): Promise<number> {
  const { auth } = await sessionOf(page);
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const reply = await ctx.post('/api/vtpass/utility', {
      data: {
        serviceID: 'abuja-electric',
        billersCode: VTPASS_TOKEN_LATER_METER,
        variation_code: 'prepaid',
        amount: 1500,
        phone: '08031234567',
        transactionPin: PIN,
      },
      headers: { Authorization: `Bearer ${auth.token}`, 'Idempotency-Key': randomUUID() },
    });
    return reply.status();
  } finally {
    await ctx.dispose();
  }
}

test('an admin approves a prepaid meter confirmed without its token, with the token', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = newEmail('metertoken');
  await signUpByEmail(page, email, 'Musa');
  await setPinByApi(page, PIN);
  await fundWallet(page, 5_000);
  expect(await tokenlessVend(page)).toBe(202);

  const admin = await openAdminAt(browser, '/admin/transaction', (p) =>
    expect(p.getByText(t.adminTransactionsTitle, { exact: true })).toBeVisible({ timeout: 30_000 }),
  );
  await admin.getByRole('button', { name: t.filterPending, exact: true }).click();
  await admin.getByRole('searchbox').fill(email);
  const row = admin.getByRole('region', { name: 'Transactions' }).getByRole('button', {
    name: /Abuja Electric/,
  });
  await row.click();
  const sheet = admin.getByRole('dialog');
  await sheet.getByRole('button', { name: t.approve }).click();

  const ask = admin.getByRole('alertdialog', { name: 'Approve transaction' });
  await expect(ask.getByText(t.orderNeedsToken)).toBeVisible();
  await ask.getByLabel(t.tokenLabel).fill('1234 5678');
  await ask.getByRole('button', { name: t.approve }).click();
  await expect(ask.getByText(t.tokenInvalid)).toBeVisible();
  await ask.getByLabel(t.tokenLabel).fill('1111 2222 3333 4444 5555');
  await shot(admin, 'admin-meter-token-dialog');
  await ask.getByRole('button', { name: t.approve }).click();
  await expect(admin.getByText(t.orderActionDone.approve)).toBeVisible();
  await expect(ask).toBeHidden();
  await expect(sheet.getByRole('button', { name: t.approve })).toHaveCount(0);
  await admin.context().close();

  // The customer's history shows the token.
  await page.goto('/transactions');
  await page.getByRole('button', { name: /Abuja Electric/ }).click();
  const detail = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(detail.getByTestId('detail-token')).toHaveText('1111-2222-3333-4444-5555');
  await shot(page, 'admin-meter-token-customer');
});
