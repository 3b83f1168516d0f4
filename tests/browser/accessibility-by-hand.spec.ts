import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatKobo } from '@owo/shared/money';
import { messages } from '@owo/shared/messages';
import { newEmail, signUpByEmail } from './support/flows';
import { simulateTransfer } from './support/sandbox';
import { shot } from './support/shots';
import { fundWallet, setPinByApi } from './support/wallet';

/**
 * What axe cannot see, checked as a careful customer would: focus goes into the PIN sheet and
 * back, toasts are announced and cover nothing the customer needs, one deposit shows one toast,
 * small controls are 44 px targets, and a new screen opens at the top.
 */

const MIN_TARGET_PX = 44;
const toasts = (page: Page) => page.locator('[data-sonner-toast]');

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`no box for ${locator}`);
  return b;
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The toast's box does not touch the header (back button, title) nor the sandbox strip. */
async function expectClearOfTopBars(page: Page, toast: Locator) {
  for (const bar of [
    page.locator('header').first(),
    page.getByRole('complementary', { name: 'Sandbox mode' }),
  ]) {
    if ((await bar.count()) === 0) continue;
    // Polled: sonner slides a new toast in from above, so its first box can still cross the
    // header. One left over the header stays there for its 5 s and fails this.
    await expect
      .poll(async () => overlaps(await box(toast), await box(bar)), {
        message: `toast over ${bar}`,
      })
      .toBe(false);
  }
}

test('the PIN sheet takes the focus when it opens, keeps it, and gives it back when it closes', async ({
  page,
}) => {
  await signUpByEmail(page, newEmail('a11y-pin'));
  await setPinByApi(page, '2468');
  await fundWallet(page, 5_000);
  await page.goto('/data');
  const plan = page
    .getByRole('list', { name: /plans$/ })
    .getByRole('button')
    .first();
  await plan.focus();
  await page.keyboard.press('Enter');

  const summary = page.getByRole('dialog', { name: 'Summary' });
  await expect(summary.getByRole('button', { name: 'Continue' })).toBeFocused();
  await summary.getByRole('button', { name: 'Continue' }).press('Enter');

  // The Continue button is gone with the Summary: the focus is in the PIN sheet, not on the page.
  const pinSheet = page.getByRole('dialog', { name: 'Enter Transaction PIN' });
  await expect(pinSheet).toBeVisible();
  await expect
    .poll(() => pinSheet.evaluate((sheet) => sheet.contains(document.activeElement)))
    .toBe(true);

  // Tab goes round inside the sheet and never reaches the page behind.
  for (let i = 0; i < 16; i += 1) {
    await page.keyboard.press('Tab');
    expect(await pinSheet.evaluate((sheet) => sheet.contains(document.activeElement))).toBe(true);
  }
  await shot(page, 'a11y-pin-sheet-focus');

  await page.keyboard.press('Escape');
  await expect(pinSheet).toBeHidden();
  await expect(plan).toBeFocused();
});

test('one deposit shows one toast, announced as status, below the header and the sandbox strip', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpByEmail(page, newEmail('a11y-toast'));
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Deposit' });
  await sheet.getByRole('button', { name: '₦500', exact: true }).click();
  await sheet.getByRole('button', { name: 'Fund your Wallet' }).click();
  const details = page.getByRole('dialog', { name: 'Payment details' });
  const accountNumber = (await details.getByTestId('account-number').textContent())?.trim() ?? '';
  expect(accountNumber).toMatch(/^\d{10}$/);

  // The funding screen: a back button in its header, the sandbox strip with Mailbox above it.
  await details.getByRole('button', { name: 'Open funding screen' }).click();
  await expect(page).toHaveURL(/\/deposit$/);
  await page.getByRole('button', { name: 'Copy account number' }).click();
  const copied = page.getByRole('status').filter({ hasText: 'Account number copied' });
  await expect(copied).toBeVisible();
  await expectClearOfTopBars(page, toasts(page).first());
  // The back button stays reachable: a tap lands on it, not on the toast.
  await page.getByRole('button', { name: 'Back' }).click({ trial: true, timeout: 5_000 });
  await shot(page, 'a11y-toast-below-header');

  // The money arrives: the notification feed tells of it while the funding screen is open ...
  await simulateTransfer(accountNumber, 500_00);
  await expect(toasts(page).filter({ hasText: 'Deposit received' })).toBeVisible({
    timeout: 30_000,
  });
  // Every toast added from here on is recorded.
  await page.evaluate(() => {
    const added: string[] = [];
    (window as unknown as { __toastsAdded: string[] }).__toastsAdded = added;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement && node.matches('[data-sonner-toast]'))
            added.push(node.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true });
  });
  const added = () =>
    page.evaluate(() => (window as unknown as { __toastsAdded: string[] }).__toastsAdded);

  // ... and "I have paid" tells of the same deposit: the toast is replaced, not joined.
  await page.getByRole('button', { name: 'I have paid' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const completed = messages.depositCompleted.replace('{amount}', formatKobo(500_00));
  await expect(page.getByRole('status').filter({ hasText: completed })).toBeVisible();
  await expect(toasts(page)).toHaveCount(1);
  await expectClearOfTopBars(page, toasts(page).first());
  await shot(page, 'a11y-one-deposit-one-toast');
  // A few pulses later (3 s apart while money is awaited) no second toast has come.
  await page.waitForTimeout(7_000);
  expect(await added()).toEqual([]);
});

test('an error toast is an alert; Mailbox and the carousel dots are 44 px targets', async ({
  page,
}) => {
  await signUpByEmail(page, newEmail('a11y-targets'));

  const mailbox = page
    .getByRole('complementary', { name: 'Sandbox mode' })
    .getByRole('button', { name: 'Mailbox' });
  const mailboxBox = await box(mailbox);
  expect(mailboxBox.height).toBeGreaterThanOrEqual(MIN_TARGET_PX);
  expect(mailboxBox.width).toBeGreaterThanOrEqual(MIN_TARGET_PX);

  const dots = page.getByRole('button', { name: /^Show promotion \d of \d$/ });
  await expect(dots).toHaveCount(3);
  for (const dot of await dots.all()) {
    const b = await box(dot);
    expect(b.height).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    expect(b.width).toBeGreaterThanOrEqual(MIN_TARGET_PX);
  }

  // A deposit the gateway cannot open: its error toast is an alert, and clear of the header.
  await page.route('**/api/deposit/bank-transfer', (route) =>
    route.fulfill({ status: 504, contentType: 'text/html', body: '<h1>504 Gateway Time-out</h1>' }),
  );
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Deposit' });
  await sheet.getByRole('button', { name: '₦200', exact: true }).click();
  await sheet.getByRole('button', { name: 'Fund your Wallet' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: messages.depositGatewayError }),
  ).toBeVisible();
  await expectClearOfTopBars(page, toasts(page).first());
});

test('a new screen opens at the top, after a link and after a full load', async ({ page }) => {
  await signUpByEmail(page, newEmail('a11y-scroll'));
  await setPinByApi(page, '2468');
  await page.goto('/data');
  await expect(page.getByRole('list', { name: /plans$/ }).first()).toBeVisible();
  const scrollY = () => page.evaluate(() => window.scrollY);
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(scrollY).toBeGreaterThan(300);

  // A full load of a screen (a typed address, a link from an e-mail) starts at the top.
  await page.goto('/data');
  await expect(page.getByRole('list', { name: /plans$/ }).first()).toBeVisible();
  await page.waitForTimeout(500);
  expect(await scrollY()).toBe(0);

  // Within the app: scrolled down on Data, then Back to home, opens home at the top.
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(scrollY).toBeGreaterThan(300);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.waitForTimeout(300);
  expect(await scrollY()).toBe(0);
});
