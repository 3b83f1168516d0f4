import { expect, test } from '@playwright/test';
import { adminUserMessages as m } from '@owo/shared/admin-user-messages';
import { messages } from '@owo/shared/messages';
import { openAdminAt } from './support/admin';
import { logIn, newEmail, signUpByEmail } from './support/flows';
import { CHECKER } from '../../playwright.config';
import { shot } from './support/shots';
import { fundWallet } from './support/wallet';

/**
 * Admin Users at 390 px: the operator reaches it from the dashboard, finds a customer by their
 * e-mail, opens the profile, files a credit for a second admin to approve, suspends the
 * customer (who is then told why sign-in fails) and reactivates them.
 */
test('admin users: search, profile, credit request, suspend, reactivate', async ({
  page,
  browser,
}) => {
  const email = newEmail('usersearch');
  await signUpByEmail(page, email, 'Zainab');
  await fundWallet(page, 1_000, 'opening balance');

  const admin = await openAdminAt(browser, '/admin/dashboard', (p) =>
    expect(p.getByRole('navigation', { name: 'Admin' })).toBeVisible(),
  );
  await admin
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Users' })
    .click();
  await expect(admin).toHaveURL(/\/admin\/users$/);
  const list = admin.getByRole('region', { name: m.usersTitle });
  await expect(list.getByRole('link').first()).toBeVisible();
  await shot(admin, 'users-list');

  // Search on the server: the e-mail finds exactly this customer.
  await admin.getByRole('searchbox').fill(email);
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list.getByRole('link')).toContainText('Zainab Okafor');
  await expect(list.getByRole('link')).toContainText('₦1,000.00');
  await shot(admin, 'users-search');
  await admin.getByRole('searchbox').fill('no-such-customer-anywhere');
  await expect(admin.getByText(m.noUsersFound)).toBeVisible();
  await admin.getByRole('searchbox').fill(email);
  await list.getByRole('link', { name: /Zainab Okafor/ }).click();

  // The profile: identity, balance, limits, KYC and the statement.
  await expect(admin).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  const balance = admin.getByTestId('profile-balance');
  await expect(balance).toHaveText('₦1,000.00');
  await expect(admin.getByRole('region', { name: m.kycTitle })).toContainText(m.kycNotVerified);
  await expect(admin.getByTestId('daily-outflow')).toContainText('₦0.00');
  const statement = admin.getByTestId('statement');
  await expect(statement).toContainText('Wallet credit');
  await shot(admin, 'user-profile');

  // Credit with a reason: a request for a second admin (four eyes); nothing moves yet. The
  // approval itself is admin-approvals.spec.ts.
  await admin.getByRole('button', { name: m.credit, exact: true }).click();
  const credit = admin.getByRole('dialog', { name: m.creditTitle });
  await credit.getByRole('button', { name: m.credit, exact: true }).click();
  await expect(credit.getByText(m.amountRequired)).toBeVisible();
  await expect(credit.getByText(m.reasonRequired)).toBeVisible();
  await credit.getByLabel(m.amountLabel).fill('500');
  await credit.getByLabel(m.reasonLabel).fill('Refund of a failed transfer');
  await shot(admin, 'credit-sheet');
  await credit.getByRole('button', { name: m.credit, exact: true }).click();
  await expect(credit).toBeHidden();
  await expect(
    admin.getByText('Credit of ₦500.00 requested. Another admin must approve it.'),
  ).toBeVisible();
  await expect(balance).toHaveText('₦1,000.00');
  await statement.scrollIntoViewIfNeeded();
  await shot(admin, 'user-statement');

  // Suspend: a reason is required, then the customer is out.
  await admin.getByRole('button', { name: m.suspend }).click();
  const suspend = admin.getByRole('dialog', { name: m.suspendTitle });
  await suspend.getByRole('button', { name: m.suspend }).click();
  await expect(suspend.getByText(m.reasonRequired)).toBeVisible();
  await suspend.getByLabel(m.reasonLabel).fill('Reported stolen phone');
  await shot(admin, 'suspend-sheet');
  await suspend.getByRole('button', { name: m.suspend }).click();
  await expect(suspend).toBeHidden();
  await expect(admin.getByTestId('suspension-reason')).toContainText('Reported stolen phone');
  await expect(admin.getByRole('button', { name: m.reactivate })).toBeVisible();
  await admin.evaluate(() => window.scrollTo(0, 0));
  await shot(admin, 'user-suspended');

  // The customer's session is over; signing in again says why it is refused.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/(login)?$/);
  await logIn(page, email);
  await expect(page.getByText(messages.accountDisabled)).toBeVisible();
  await shot(page, 'customer-suspended-login');

  // Reactivate: the customer signs in again.
  await admin.getByRole('button', { name: m.reactivate }).click();
  const reactivate = admin.getByRole('dialog', { name: m.reactivateTitle });
  await reactivate.getByLabel(m.reasonLabel).fill('Phone recovered, identity confirmed');
  await reactivate.getByRole('button', { name: m.reactivate }).click();
  await expect(reactivate).toBeHidden();
  await expect(admin.getByRole('button', { name: m.suspend })).toBeVisible();
  await expect(admin.getByTestId('suspension-reason')).toHaveCount(0);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/home$/);

  // The role sheet offers every role of the shared list.
  await admin.getByRole('button', { name: new RegExp(`^${m.changeRole}:`) }).click();
  const role = admin.getByRole('dialog', { name: m.roleTitle });
  await expect(role.getByRole('radio', { name: m.roleNames.user })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(role.getByRole('radio', { name: m.roleNames.admin })).toBeVisible();
  await shot(admin, 'role-sheet');
});

test('an account without a name (a staff account made by the CLI) is listed by e-mail once', async ({
  browser,
}) => {
  const admin = await openAdminAt(browser, '/admin/users', (p) =>
    expect(p.getByRole('searchbox')).toBeVisible(),
  );
  // create-admin makes the checker without a name: the e-mail is the row's title, said once.
  await admin.getByRole('searchbox').fill(CHECKER.email);
  const row = admin.getByRole('region', { name: m.usersTitle }).getByRole('link');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('No name yet');
  const text = (await row.textContent()) ?? '';
  expect(text.split(CHECKER.email).length - 1).toBe(1);
  await shot(admin, 'users-nameless');
});
