import { formatKobo } from '@owo/shared/money';
import { randomUUID } from 'node:crypto';
import { expect, request, test, type Page } from '@playwright/test';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { adminMessages } from '@owo/shared/admin-messages';
import { newEmail, signUpByEmail } from './support/flows';
import { shot } from './support/shots';
import { openAdminPage } from './support/admin';
import { dismissToasts, screenShot } from './support/toasts';
import { fundWallet, homeBalance, sessionOf, setPinByApi } from './support/wallet';

/**
 * Admin Transactions: a customer's delivered airtime and a stuck one, bought over HTTP; the admin
 * filters, opens the delivered one and reverses it with a reason; the stuck one cannot be
 * refunded on the admin's word while the supplier still says pending and the order is young (it
 * may yet be delivered): the refusal says so and nothing moves.
 */

const PIN = '5284';
const t = adminMessages;

/** A VTpass airtime top-up as the signed-in customer; answers the HTTP status. */
async function airtimeByApi(page: Page, phone: string, amount: number) {
  const { auth } = await sessionOf(page);
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const reply = await ctx.post('/api/vtpass/airtime', {
      data: { serviceID: 'mtn', phone, amount, transactionPin: PIN },
      headers: { Authorization: `Bearer ${auth.token}`, 'Idempotency-Key': randomUUID() },
    });
    return reply.status();
  } finally {
    await ctx.dispose();
  }
}

const list = (admin: Page) => admin.getByRole('region', { name: 'Transactions' });
const sheet = (admin: Page) => admin.getByRole('dialog');

test('admin transactions: filter, reverse a delivered order, no refund of a young pending one', async ({
  page,
  browser,
}) => {
  const email = newEmail('reversal');
  await signUpByEmail(page, email, 'Ngozi');
  await setPinByApi(page, PIN);
  await fundWallet(page, 5_000);
  expect(await airtimeByApi(page, MAGIC_PHONES.delivered, 500)).toBe(200);
  expect(await airtimeByApi(page, MAGIC_PHONES.pendingForever, 300)).toBe(202);
  await page.reload();
  await expect(homeBalance(page)).toHaveText(/4,200\.00/);

  const admin = await openAdminPage(browser);
  await admin.goto('/admin/transaction');
  await expect(admin.getByText(t.adminTransactionsTitle, { exact: true })).toBeVisible();
  await expect(list(admin).getByRole('button').first()).toBeVisible();
  await screenShot(admin, 'admin-transactions-list');

  // Successful only, this customer's rows.
  await admin.getByRole('button', { name: t.filterSuccessful, exact: true }).click();
  await admin.getByRole('searchbox').fill(email);
  const delivered = list(admin).getByRole('button', {
    name: new RegExp(`Airtime ${MAGIC_PHONES.delivered}`),
  });
  await expect(delivered).toBeVisible();
  await expect(list(admin).getByRole('button')).toHaveCount(2); // the airtime and the funding
  await screenShot(admin, 'admin-transactions-successful');

  // The popup: Profile, Transaction detail and Reverse only.
  await delivered.click();
  await expect(sheet(admin).getByText(t.profile)).toBeVisible();
  await expect(sheet(admin).getByText(t.transactionDetail)).toBeVisible();
  await expect(sheet(admin).getByText(email)).toBeVisible();
  await expect(sheet(admin).getByText('Ngozi Okafor')).toBeVisible();
  await expect(sheet(admin).getByRole('button', { name: t.approve })).toHaveCount(0);
  await expect(sheet(admin).getByRole('button', { name: t.refund })).toHaveCount(0);
  await screenShot(admin, 'admin-transactions-sheet');

  await sheet(admin).getByRole('button', { name: t.reverse }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Reverse transaction' });
  await confirm.getByRole('button', { name: t.reverse }).click();
  await expect(confirm.getByText(t.reasonRequired)).toBeVisible();
  await confirm.getByLabel(t.reasonLabel).fill('VTpass reversed the top-up');
  await shot(admin, 'admin-transactions-reverse-dialog');
  await confirm.getByRole('button', { name: t.reverse }).click();
  await expect(admin.getByText(t.orderActionDone.reverse)).toBeVisible();
  await expect(confirm).toBeHidden();
  // The sheet shows the action taken and no Reverse any more.
  await expect(sheet(admin).getByText('VTpass reversed the top-up')).toBeVisible();
  await expect(sheet(admin).getByRole('button', { name: t.reverse })).toHaveCount(0);
  await screenShot(admin, 'admin-transactions-reversed-sheet');
  await sheet(admin).getByRole('button', { name: 'Close' }).click();
  await expect(delivered.getByText('Reversed')).toBeVisible();

  // The customer's own sheet says Reversed, not Successful, and links the refund both ways.
  await page.goto('/transactions');
  const order = page.getByRole('button', { name: new RegExp(`Airtime ${MAGIC_PHONES.delivered}`) });
  await expect(order).toContainText('Reversed');
  await order.click();
  const detail = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(detail.getByTestId('detail-status')).toHaveText('Reversed');
  await expect(detail).not.toContainText('Successful');
  await expect(detail).toContainText('Refund reference');
  await screenShot(page, 'customer-reversed-order');
  await detail.getByRole('button', { name: 'View refund' }).click();
  await expect(detail.getByTestId('detail-status')).toHaveText('Successful');
  await expect(detail).toContainText('Original reference');
  await expect(detail).toContainText(`+${formatKobo(500_00)}`);
  await screenShot(page, 'customer-refund-of-reversed-order');
  await detail.getByRole('button', { name: 'View original order' }).click();
  await expect(detail.getByTestId('detail-status')).toHaveText('Reversed');
  await page.keyboard.press('Escape');
  await page.goto('/home');

  // The stuck one: Pending shows Approve and Refund; Refund with a reason.
  await admin.getByRole('button', { name: t.filterPending, exact: true }).click();
  const stuck = list(admin).getByRole('button', {
    name: new RegExp(`Airtime ${MAGIC_PHONES.pendingForever}`),
  });
  await stuck.click();
  await expect(sheet(admin).getByRole('button', { name: t.approve })).toBeVisible();
  await screenShot(admin, 'admin-transactions-pending-sheet');
  // Approve asks the supplier, which still has no answer: nothing changes.
  await sheet(admin).getByRole('button', { name: t.approve }).click();
  await expect(admin.getByText(t.orderStillPending)).toBeVisible();
  await dismissToasts(admin);
  await sheet(admin).getByRole('button', { name: t.refund }).click();
  const refund = admin.getByRole('alertdialog', { name: 'Refund transaction' });
  await refund.getByLabel(t.reasonLabel).fill('Stuck at the supplier');
  await refund.getByRole('button', { name: t.refund }).click();
  await expect(admin.getByText(t.orderRefundNeedsAnswer)).toBeVisible();
  await screenShot(admin, 'admin-transactions-refund-refused');
  await dismissToasts(admin);
  await sheet(admin).getByRole('button', { name: 'Close' }).click();
  // Still pending: the supplier may deliver it yet.
  await expect(stuck).toHaveCount(1);

  await admin.getByRole('button', { name: t.filterAll, exact: true }).click();
  await expect(list(admin).getByRole('button', { name: /Reversal/ })).toBeVisible();
  await screenShot(admin, 'admin-transactions-after');

  // The customer's money is back, and the history shows the reversal credit.
  await page.reload();
  await expect(homeBalance(page)).toHaveText(/4,700\.00/);
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByText('Reversal').first()).toBeVisible();
  await screenShot(page, 'customer-history-after-reversal');
  await admin.context().close();
});
