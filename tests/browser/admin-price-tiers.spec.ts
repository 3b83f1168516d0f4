import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminMessages } from '@owo/shared/admin-messages';
import { priceTierMessages as m } from '@owo/shared/price-tier-messages';
import { openAdminAt } from './support/admin';
import { newEmail, signUpByEmail } from './support/flows';
import { shot } from './support/shots';
import { sessionOf } from './support/wallet';

/**
 * Price tiers at 390 px (decision 0090): an admin moves a customer to the Reseller tier from the
 * profile's tier select, the customer's data plans then show the tier price, and the Tiers tab and
 * the dashboard's margin per tier draw. Axe finds nothing serious on the profile and the tab.
 */

async function expectNoSeriousAxe(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** The customer's data plans: id → price (naira), as their catalogue shows them. */
async function dataPrices(page: Page): Promise<Map<string, number>> {
  const reply = await page.request.get('/api/transactions/data-plans', {
    headers: { Authorization: `Bearer ${(await sessionOf(page)).auth.token}` },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  const { data } = (await reply.json()) as { data: { _id: string; sellingPrice: number }[] };
  return new Map(data.map((p) => [p._id, p.sellingPrice]));
}

test('admin sets a customer price tier; the tiers tab and the dashboard show tiers', async ({
  page,
  browser,
}) => {
  await signUpByEmail(page, newEmail('tier'), 'Chidi');
  const { user } = await sessionOf(page);
  const before = await dataPrices(page);

  const admin = await openAdminAt(browser, `/admin/users/${user._id}`, (p) =>
    expect(p.getByRole('region', { name: m.cardTitle })).toBeVisible(),
  );
  const card = admin.getByRole('region', { name: m.cardTitle });
  await expect(card.getByTestId('price-tier')).toHaveText('Standard');
  const select = card.getByLabel(m.tierLabel);
  await expect(select).toHaveValue('standard');
  await expect(card.getByRole('button', { name: m.save })).toBeDisabled();
  await card.scrollIntoViewIfNeeded();
  await expectNoSeriousAxe(admin);
  await shot(admin, 'price-tier-profile');

  await select.selectOption('reseller');
  await card.getByRole('button', { name: m.save }).click();
  await expect(admin.getByText(adminMessages.customerTierUpdated)).toBeVisible();
  await expect(card.getByTestId('price-tier')).toHaveText('Reseller');
  await expect(card.getByRole('button', { name: m.save })).toBeDisabled();

  // The customer's catalogue is priced by the tier from the next reply on: in-house data plans
  // (cost + 5% at the first fill) get cheaper, and nothing gets dearer.
  const after = await dataPrices(page);
  const cheaper = [...after].filter(([id, price]) => price < (before.get(id) ?? 0));
  expect(cheaper.length).toBeGreaterThan(0);
  expect([...after].filter(([id, price]) => price > (before.get(id) ?? 0))).toEqual([]);

  await admin.goto('/admin/services?tab=tiers');
  const reseller = admin.getByRole('region', { name: 'Reseller' });
  await expect(reseller.getByLabel(m.discountLabel(m.productNames.data))).toHaveValue(/^\d/);
  await expectNoSeriousAxe(admin);
  await shot(admin, 'price-tiers-tab');

  await admin.goto('/admin/dashboard');
  const panel = admin.getByRole('region', { name: m.dashboardTitle });
  await expect(panel.getByTestId('tier-standard')).toBeVisible();
  await expect(panel.getByTestId('tier-reseller')).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await shot(admin, 'price-tiers-dashboard');
});
