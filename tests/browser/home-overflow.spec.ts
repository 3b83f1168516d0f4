import { expect, test, type Page } from '@playwright/test';
import { MAGIC_SMARTCARDS } from '@owo/providers/sandbox/magic';
import { customerCall } from './support/customer-api';
import { newEmail, signUpByEmail } from './support/flows';
import { screenShot as shot } from './support/toasts';
import { fundWallet, setPinByApi } from './support/wallet';

/** A long purchase title truncates in its row; nothing runs off a 390 px screen. */

interface CablePlan {
  cablePlanID: number;
  package: string;
  sellingPrice: number;
}

async function expectNoOverflow(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
  const tabs = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  expect(tabs).not.toBeNull();
  expect(tabs!.x).toBeGreaterThanOrEqual(0);
  expect(tabs!.x + tabs!.width).toBeLessThanOrEqual(width);
  expect(tabs!.y + tabs!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  for (const name of ['Home', 'History', 'Settings']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
}

test('"GOtv Smallie - quarterly" in Recent transactions and History stays inside 390 px', async ({
  page,
}) => {
  await signUpByEmail(page, newEmail('long-title'));
  await fundWallet(page, 20_000);
  await setPinByApi(page, '1234');
  const plans = await customerCall<{ data: CablePlan[] }>(
    page,
    'GET',
    '/transactions/cable-plans?cablename=GOTV',
  );
  const quarterly = plans.data.find((p) => /smallie - quarterly/i.test(p.package));
  expect(quarterly, JSON.stringify(plans.data.map((p) => p.package))).toBeDefined();
  await customerCall(page, 'POST', '/transactions/cable-tv', {
    cablename: 'GOTV',
    cableplan: quarterly!.cablePlanID,
    smart_card_number: MAGIC_SMARTCARDS.delivered,
    transactionPin: '1234',
  });

  await page.reload();
  const recent = page.getByRole('list', { name: 'Recent transactions' });
  const row = recent.getByRole('listitem').first();
  await expect(row).toContainText(/smallie/i);
  await expectNoOverflow(page);
  // The row's amount and "See more" stay inside the screen's width, not pushed past the edge.
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByText('See more')).toBeInViewport({ ratio: 1 });
  const title = await row
    .locator('.truncate')
    .first()
    .evaluate((el) => ({
      clipped: el.scrollWidth > el.clientWidth,
      right: el.getBoundingClientRect().right,
    }));
  expect(title.clipped).toBe(true);
  expect(title.right).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await shot(page, 'home-long-title');

  await page.getByRole('link', { name: 'History', exact: true }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByText(/smallie/i).first()).toBeVisible();
  await expectNoOverflow(page);
});
