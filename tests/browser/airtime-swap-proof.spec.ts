import { expect, request, test, type Page } from '@playwright/test';
import { formatKobo } from '@owo/shared/money';
import { messages } from '@owo/shared/messages';
import { signUpByEmail } from './support/flows';
import { swapWithScreenshotByApi } from './support/swap';
import { homeBalance, sessionOf, setPinByApi, staffAuthorization } from './support/wallet';

/**
 * Once the proof of transfer is uploaded the customer has sent the airtime: the swap is an
 * admin's to decide. Home stops prompting, the pending screen offers no cancel, and the server
 * refuses one sent by hand (decision 0054).
 */

const PIN = '2580';
const PROMPT = /Complete Airtime to Cash Transfer/;

/** Home after its pending-swap check has answered (so an absent prompt means something). */
async function homeChecked(page: Page) {
  const checked = page.waitForResponse(
    (r) => r.url().endsWith('/api/airtime-swap/pending') && r.ok(),
  );
  await page.goto('/home');
  await checked;
  await expect(homeBalance(page)).toHaveText(formatKobo(0));
}

async function bankSwapUploaded(page: Page) {
  return swapWithScreenshotByApi(page, {
    network: 'MTN',
    amount: 1000,
    userPhone: '08031234567',
    paymentMethod: 'bank',
    bankDetails: { bank: 'Kuda', accountNumber: '1234567890', accountName: 'Ada Okafor' },
    transactionPin: PIN,
  });
}

test('after the upload: no home prompt, no Cancel Swap, a hand-sent cancel is refused; none while the payout processes', async ({
  page,
}) => {
  await signUpByEmail(page);
  await setPinByApi(page, PIN);
  const { swapId } = await bankSwapUploaded(page);

  await homeChecked(page);
  await expect(page.getByRole('link', { name: PROMPT })).toHaveCount(0);

  // The pending screen (reached from the form's notice): one wide, one-line button, no cancel.
  await page.goto('/airtime-to-cash');
  await page.getByRole('link', { name: /You have a pending ₦1,000.00 MTN swap/ }).click();
  await expect(page).toHaveURL(/\/pending-swap$/);
  await expect(page.getByText(swapId)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Swap' })).toHaveCount(0);
  const uploaded = page.getByRole('button', { name: 'Already Uploaded' });
  await expect(uploaded).toBeDisabled();
  // One line: as tall as a single-line button (48 px), not the two lines it wrapped onto.
  const box = (await uploaded.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(50);
  await expect(page.getByText('it can no longer be cancelled')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('pending-uploaded.png') });

  // The server refuses a cancel sent by hand, and the swap stays with the admin.
  const { auth } = await sessionOf(page);
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const headers = { Authorization: `Bearer ${auth.token}` };
    const cancel = await ctx.get('/api/airtime-swap/pending/clear', { headers });
    expect(cancel.status()).toBe(409);
    expect((await cancel.json()).message).toBe(messages.swapCancelAfterUpload);
    const pending = await (await ctx.get('/api/airtime-swap/pending', { headers })).json();
    expect(pending.pendingSwap).toMatchObject({ swapId, status: 'AWAITING_VERIFICATION' });

    // An admin approves the bank payout: it processes, and home still does not prompt.
    const approved = await ctx.patch(`/api/airtime-swap/admin/${swapId}/verify`, {
      data: { action: 'approve', payoutReference: 'KUDA-0001' },
      headers: { Authorization: await staffAuthorization(ctx) },
    });
    expect(approved.ok(), await approved.text()).toBe(true);
    expect((await approved.json()).data.status).toBe('PROCESSING');
  } finally {
    await ctx.dispose();
  }
  await homeChecked(page);
  await expect(page.getByRole('link', { name: PROMPT })).toHaveCount(0);
});

test('before the upload: home prompts with the amount as money, and cancelling asks first', async ({
  page,
}) => {
  await signUpByEmail(page);
  await setPinByApi(page, PIN);
  const { auth } = await sessionOf(page);
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const created = await ctx.post('/api/airtime-swap', {
      data: {
        network: 'MTN',
        amount: 1000,
        userPhone: '08031234567',
        paymentMethod: 'wallet',
        walletEmail: (await sessionOf(page)).user.email,
        transactionPin: PIN,
      },
      headers: { Authorization: `Bearer ${auth.token}` },
    });
    expect(created.ok(), await created.text()).toBe(true);
  } finally {
    await ctx.dispose();
  }

  await homeChecked(page);
  const prompt = page.getByRole('link', { name: PROMPT });
  await expect(prompt).toContainText('You have a pending ₦1,000.00 MTN transfer');
  await prompt.click();
  await expect(page).toHaveURL(/\/pending-swap$/);
  await page.getByRole('button', { name: 'Cancel Swap' }).click();
  const confirm = page.getByRole('alertdialog', { name: messages.swapCancelConfirmTitle });
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('cancel-confirm.png') });
  await confirm.getByRole('button', { name: 'Yes, Cancel' }).click();
  await expect(page.getByText(messages.swapPendingCleared)).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: PROMPT })).toHaveCount(0);
});
