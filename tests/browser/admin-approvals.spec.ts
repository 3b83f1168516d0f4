import { expect, test } from '@playwright/test';
import { adjustmentMessages as t } from '@owo/shared/adjustment-messages';
import { adminUserMessages as m } from '@owo/shared/admin-user-messages';
import { CHECKER } from '../../playwright.config';
import { openAdminAt } from './support/admin';
import { newEmail, signUpByEmail } from './support/flows';
import { shot } from './support/shots';
import { fundWallet, homeBalance, sessionOf } from './support/wallet';

/**
 * Four eyes at 390 px (decision 0047): one admin files a credit and a debit from the customer's
 * profile, sees them waiting on Approvals with no way to decide them; a second admin approves
 * the credit, is told the debit would take the wallet below zero, and rejects it with a reason.
 * Only the approval moved money.
 */
test('approvals: a second admin approves one request and rejects another', async ({
  page,
  browser,
}) => {
  // Three signed-in pages (the customer and two admins): longer than one flow on a busy machine.
  test.setTimeout(240_000);
  const email = newEmail('approvals');
  await signUpByEmail(page, email, 'Kemi');
  await fundWallet(page, 1_000, 'opening balance');
  const { user } = await sessionOf(page);

  const maker = await openAdminAt(browser, `/admin/users/${user._id}`, (p) =>
    expect(p.getByTestId('profile-balance')).toHaveText('₦1,000.00'),
  );
  for (const [direction, amount, reason] of [
    ['credit', '500', 'Refund of a failed transfer'],
    ['debit', '2000', 'Chargeback'],
  ] as const) {
    const label = direction === 'credit' ? m.credit : m.debit;
    await maker.getByRole('button', { name: label, exact: true }).click();
    const sheet = maker.getByRole('dialog', {
      name: direction === 'credit' ? m.creditTitle : m.debitTitle,
    });
    await sheet.getByLabel(m.amountLabel).fill(amount);
    await sheet.getByLabel(m.reasonLabel).fill(reason);
    await sheet.getByRole('button', { name: label, exact: true }).click();
    await expect(sheet).toBeHidden();
  }
  await expect(maker.getByTestId('profile-balance')).toHaveText('₦1,000.00');

  // The requester sees their requests waiting, without Approve or Reject.
  await maker.goto('/admin/approvals');
  const mine = maker
    .getByRole('region', { name: t.pendingTitle })
    .getByRole('article', { name: new RegExp(`for ${email}$`) });
  await expect(mine).toHaveCount(2);
  await expect(mine.first()).toContainText(t.yourRequest);
  await expect(mine.getByRole('button', { name: t.approve })).toHaveCount(0);
  await shot(maker, 'approvals-requester');

  const checker = await openAdminAt(
    browser,
    '/admin/dashboard',
    (p) => expect(p.getByRole('navigation', { name: 'Admin' })).toBeVisible(),
    CHECKER,
  );
  await checker
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: t.link })
    .click();
  await expect(checker).toHaveURL(/\/admin\/approvals$/);
  const waiting = checker.getByRole('region', { name: t.pendingTitle });
  const credit = waiting.getByRole('article', { name: `Credit ₦500.00 for ${email}` });
  const debit = waiting.getByRole('article', { name: `Debit ₦2,000.00 for ${email}` });
  await expect(credit).toBeVisible();
  await expect(debit).toBeVisible();
  await shot(checker, 'approvals-queue');

  await credit.getByRole('button', { name: t.approve }).click();
  const approve = checker.getByRole('alertdialog', { name: t.approveTitle });
  await approve.getByRole('button', { name: t.approve }).click();
  await expect(approve).toBeHidden();
  await expect(checker.getByText('Credit of ₦500.00 approved and posted.')).toBeVisible();

  // The debit would take the wallet below zero: refused, and it stays pending.
  await debit.getByRole('button', { name: t.approve }).click();
  const refused = checker.getByRole('alertdialog', { name: t.approveTitle });
  await refused.getByRole('button', { name: t.approve }).click();
  await expect(refused.getByRole('alert')).toHaveText(
    'The wallet holds ₦1,500.00: a debit of ₦2,000.00 would take it below zero.',
  );
  await shot(checker, 'approvals-debit-refused');
  await refused.getByRole('button', { name: 'Cancel' }).click();

  await debit.getByRole('button', { name: t.reject }).click();
  const reject = checker.getByRole('alertdialog', { name: t.rejectTitle });
  await reject.getByRole('button', { name: t.reject }).click();
  await expect(reject.getByRole('alert')).toHaveText(t.reasonRequired);
  await reject.getByLabel(t.rejectReasonLabel).fill('No chargeback on file');
  await reject.getByRole('button', { name: t.reject }).click();
  await expect(reject).toBeHidden();
  await expect(checker.getByText(t.rejected)).toBeVisible();
  await expect(
    checker.getByRole('region', { name: t.decidedTitle }).getByRole('article', {
      name: `Debit ₦2,000.00 for ${email}`,
    }),
  ).toContainText('No chargeback on file');
  await shot(checker, 'approvals-decided');

  // Only the approved credit reached the customer.
  await page.reload();
  await expect(homeBalance(page)).toHaveText('₦1,500.00');
});
