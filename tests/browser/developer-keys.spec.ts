import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { developerMessages as m } from '@owo/shared/developer-messages';
import { newEmail, signUpByEmail } from './support/flows';
import { verifyByApi } from './support/kyc';
import { shot } from './support/shots';
import { dismissToasts } from './support/toasts';

test.use({ viewport: { width: 390, height: 844 } });

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe finds no serious or critical violation on what the page shows now. */
async function expectAxeClean(page: Page) {
  // The screen, not toasts mid-animation: sonner fades a stacked toast's text in and out, and axe
  // caught one half-faded (contrast). Toasts have their own checks (accessibility-by-hand.spec.ts).
  await dismissToasts(page);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

test('Developer: unverified customers are sent to verification; a verified one creates a key, sees it once, copies it and revokes it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = await signUpByEmail(page, newEmail('developer'), 'Tunde');

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: /Developer/ }).click();
  await expect(page).toHaveURL(/\/profile\/developer$/);
  await expect(page.getByRole('link', { name: m.docsLink })).toHaveAttribute(
    'href',
    '/api/v1/docs/',
  );
  // Unverified: no way to create a key, and the way to verification.
  await expect(page.getByRole('heading', { name: m.unverifiedHeading })).toBeVisible();
  await expect(page.getByRole('link', { name: m.unverifiedAction })).toHaveAttribute(
    'href',
    '/verification/update',
  );
  await expect(page.getByRole('button', { name: m.createKey })).toHaveCount(0);
  await expect(page.getByText(m.noKeys)).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'developer-1-unverified');

  await verifyByApi(page, email);
  await page.reload();
  await expect(page.getByRole('button', { name: m.createKey })).toBeVisible();
  await expect(page.getByRole('heading', { name: m.unverifiedHeading })).toHaveCount(0);

  // Create: the server's refusal of an address shows under its field.
  await page.getByRole('button', { name: m.createKey }).click();
  const sheet = page.getByRole('dialog', { name: m.createHeading });
  await expect(sheet).toBeVisible();
  await sheet.getByLabel(m.nameLabel).fill('Tunde Data Shop');
  await sheet.getByRole('checkbox', { name: m.scopePurchase }).check();
  await sheet.getByLabel(m.allowedIpsLabel).fill('102.89.1.7\n300.1.1.1');
  await sheet.getByLabel(m.webhookUrlLabel).fill('https://shop.example.com/owo');
  await expectAxeClean(page);
  await shot(page, 'developer-2-create');
  await sheet.getByRole('button', { name: m.submit }).click();
  await expect(sheet.getByText(m.ipInvalid)).toBeVisible();
  await sheet.getByLabel(m.allowedIpsLabel).fill('102.89.1.7\n10.0.0.0/24');
  await sheet.getByRole('button', { name: m.submit }).click();

  // Shown once: the key and the webhook secret, each with Copy.
  const once = page.getByRole('dialog', { name: m.shownOnceHeading });
  await expect(once).toBeVisible();
  await expect(once.getByText(m.shownOnceWarning)).toBeVisible();
  const secret = (await once.getByTestId('new-api-key').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^owo_test_[A-Za-z0-9_-]{43}$/);
  await expect(once.getByTestId('new-webhook-secret')).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
  await expectAxeClean(page);
  await shot(page, 'developer-3-shown-once');
  await once.getByRole('button', { name: `Copy ${m.keyLabel.toLowerCase()}` }).click();
  await expect(page.getByText(`${m.keyLabel} copied to clipboard!`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await once.getByRole('button', { name: m.done }).click();
  await expect(once).toHaveCount(0);

  // Listed by its prefix only: the key itself is gone from the screen.
  const row = page.getByRole('list', { name: m.keysHeading }).getByTestId('api-key-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Tunde Data Shop');
  await expect(row).toContainText(`${secret.slice(0, 17)}…`);
  await expect(row).toContainText(m.testBadge);
  await expect(row).toContainText('Read · Purchase');
  await expect(row).toContainText(m.neverUsed);
  expect(await page.content()).not.toContain(secret);
  await shot(page, 'developer-4-list');

  // Revoke, confirmed.
  await row.getByRole('button', { name: `${m.revoke} Tunde Data Shop` }).click();
  const confirm = page.getByRole('alertdialog', { name: m.revokeTitle });
  await expect(confirm).toBeVisible();
  await shot(page, 'developer-5-revoke');
  await confirm.getByRole('button', { name: m.revokeConfirm }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText(m.revokedBadge);
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  await expectAxeClean(page);
  await shot(page, 'developer-6-revoked');

  // The badges in the dark theme too (the app follows the system's).
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(row).toContainText(m.revokedBadge);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAxeClean(page);
  await shot(page, 'developer-7-dark');
});
