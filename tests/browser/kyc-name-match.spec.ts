import { expect, test } from '@playwright/test';
import { messages } from '@owo/shared/messages';
import { SAFEHAVEN_IDENTITIES } from '@owo/providers/sandbox/magic';
import { openAdminAt } from './support/admin';
import { newEmail, signUpByEmail } from './support/flows';

/**
 * A NIN/BVN whose holder is someone else (the sandbox's magic otherHolder number: Ibrahim Musa
 * Balogun) does not verify "Tobi Okafor": the screen says why, the account stays unverified, and
 * the check waits for an admin, who sees both names and approves (decision 0055).
 */
test('someone else’s BVN is refused with a clear message and reaches the admin review queue; approving verifies the customer', async ({
  page,
  browser,
}) => {
  const email = await signUpByEmail(page, newEmail('kycname'), 'Tobi');

  await page.goto('/verification/update');
  await page.getByRole('radio', { name: 'Male', exact: true }).click();
  await page.getByLabel('Date of birth').fill('1995-07-02');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/verification\/initiate$/);
  await page.getByRole('radio', { name: /BVN/ }).click();
  await page.getByLabel('BVN number').fill(SAFEHAVEN_IDENTITIES.otherHolder);
  await page.getByRole('button', { name: 'Verify Account' }).click();
  await expect(page).toHaveURL(/\/verification\/validate$/);
  await page.getByLabel('Verification code').fill(SAFEHAVEN_IDENTITIES.fixedOtp);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    messages.identityNameMismatch.replaceAll('{type}', 'BVN'),
  );
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('kyc-mismatch.png') });

  // The admin sees the profile's name against the holder's, and approves with a reason.
  const admin = await openAdminAt(browser, '/admin/kyc-reviews', (p) =>
    expect(p.getByRole('heading', { name: 'Name or date of birth did not match' })).toBeVisible(),
  );
  const card = admin.getByRole('article', { name: `KYC review for ${email}` });
  await expect(card).toContainText('Tobi Okafor');
  await expect(card).toContainText('Ibrahim Musa Balogun');
  await expect(card).toContainText('Name mismatch');
  await admin.screenshot({ path: test.info().outputPath('kyc-review.png') });
  await card.getByRole('button', { name: 'Approve' }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Approve this verification?' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Called the customer: registered under his father’s name');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText(messages.kycReviewApproved)).toBeVisible();
  await expect(card).toHaveCount(0);
  await admin.context().close();

  // The customer is verified now: the server says so.
  const me = await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('root') ?? '{}').state.auth.token as string;
    const res = await fetch('/api/user', { headers: { Authorization: `Bearer ${token}` } });
    return (await res.json()).data as { isKYCVerified: boolean };
  });
  expect(me.isKYCVerified).toBe(true);
});
