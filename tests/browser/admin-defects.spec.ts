import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AdminDataPlanDto, AdminListReply } from '@owo/shared/api-types';
import { adminMessages } from '@owo/shared/admin-messages';
import { messages } from '@owo/shared/messages';
import { parseNairaToKobo } from '@owo/shared/money';
import { ADMIN } from '../../playwright.config';
import { openAdminAt } from './support/admin';
import { buyDataByApi, cheapestMtnPlan, openDashboard, settled } from './support/dashboard';
import { newEmail, signUpByEmail, tapPin } from './support/flows';
import { shot } from './support/shots';
import { screenShot } from './support/toasts';
import { fundWallet, setPinByApi } from './support/wallet';

/**
 * The admin screens' defects (decision 0032): a reversed order leaves revenue and shows on its
 * own line, the Profit lines add up to the Total, the audit log names what it acted on and wraps,
 * the "Off" tag sits beside a plan's size, and the Airtime tab's networks each have a switch the
 * server honours. Every change to shared state is put back in a finally block.
 */

const PIN = '2580';

async function adminApi(): Promise<{ ctx: APIRequestContext; headers: Record<string, string> }> {
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await ctx.post('/api/auth/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return { ctx, headers: { Authorization: `Bearer ${token}` } };
}

/** The naira figure of an element as kobo ("-₦2.50" → -250). */
async function koboOf(page: Page, locator: ReturnType<Page['locator']>): Promise<number> {
  const text = ((await locator.textContent()) ?? '').replace(/[₦,\s]/g, '').replace('−', '-');
  const negative = text.startsWith('-');
  const kobo = parseNairaToKobo(negative ? text.slice(1) : text);
  if (kobo === null) throw new Error(`no amount in "${text}"`);
  return negative ? -kobo : kobo;
}

test('a reversed order leaves revenue for its own line; the Profit lines add up to the Total; the audit names the order', async ({
  page,
  browser,
}) => {
  const { ctx, headers } = await adminApi();
  try {
    // A customer buys two data plans; the admin reverses one of them.
    await signUpByEmail(page, newEmail('rev'));
    await setPinByApi(page, PIN);
    await fundWallet(page, 5_000);
    const { plan, kobo } = await cheapestMtnPlan(page);
    await buyDataByApi(page, plan, PIN);
    const second = await buyDataByApi(page, plan, PIN);
    const reverse = await ctx.post(`/api/admin/transactions/${second.data._id}/reverse`, {
      headers,
      data: { reason: 'Customer says the bundle never arrived' },
    });
    expect(reverse.ok(), await reverse.text()).toBe(true);

    const admin = await openDashboard(browser);
    await settled(admin);
    const reversed = admin.getByTestId('revenue-reversed');
    await expect(reversed).toContainText(adminMessages.revenueReversed);
    expect(await koboOf(admin, reversed.locator('[data-figure]'))).toBeGreaterThanOrEqual(kobo);

    // Every Profit line shown, summed in kobo, is the Total.
    const profit = admin.getByRole('region', { name: adminMessages.profitTitle });
    const total = await koboOf(admin, profit.getByTestId('profit-total').locator('[data-figure]'));
    const lines = profit.locator('[data-testid^="profit-"]:not([data-testid="profit-total"])');
    expect(await lines.count()).toBeGreaterThan(0);
    let sum = 0;
    for (const line of await lines.all()) sum += await koboOf(admin, line.locator('[data-figure]'));
    expect(sum).toBe(total);
    await profit.scrollIntoViewIfNeeded();
    await screenShot(admin, 'dashboard-profit-lines');
    await reversed.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenShot(admin, 'dashboard-reversed-line');

    // The audit log names the reversed order by what it was, whole, not by an 8-character id.
    await admin.goto('/admin/audit');
    const entry = admin.getByRole('article', { name: 'Order reversed' }).first();
    const entity = entry.getByTestId('audit-entity');
    await expect(entity).toContainText('MTN Data');
    await expect(entity).toContainText(second.data.reference);
    await expect(entity).not.toContainText('…');
    const cut = await entity.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut, 'the entity label is cut').toBe(false);
    await screenShot(admin, 'audit-named-entities');
    await admin.context().close();
  } finally {
    await ctx.dispose();
  }
});

test('the "Off" tag sits beside a switched-off plan\'s size, never over it', async ({
  browser,
}) => {
  const { ctx, headers } = await adminApi();
  const reply = await ctx.get('/api/admin/products/data-plans?network=MTN', { headers });
  const plans = ((await reply.json()) as AdminListReply<AdminDataPlanDto>).data;
  // The shortest size is the one the tag used to cover ("1GB").
  const target = plans
    .filter((p) => p.isAvailable)
    .sort((a, b) => a.size.length - b.size.length)[0];
  if (!target) throw new Error('no available MTN plan');
  const off = await ctx.patch(`/api/admin/products/data-plans/${target._id}`, {
    headers,
    data: { isAvailable: false },
  });
  expect(off.ok(), await off.text()).toBe(true);
  const admin = await openAdminAt(browser, '/admin/services', (page) =>
    expect(page.getByRole('tab', { name: 'Data' })).toHaveAttribute('aria-selected', 'true'),
  );
  try {
    await admin
      .getByRole('group', { name: 'Plan types' })
      .getByRole('button', { name: `MTN ${target.planType}`, exact: true })
      .click();
    const tiles = admin.locator('button[data-available="false"]');
    await expect(tiles.first()).toBeVisible();
    for (const tile of (await tiles.all()).slice(0, 6)) {
      const title = await tile.locator('span.font-bold').boundingBox();
      const tag = await tile.getByTestId('plan-off-tag').boundingBox();
      if (!title || !tag) throw new Error('a switched-off tile without its title or tag');
      const overlaps =
        title.x < tag.x + tag.width &&
        tag.x < title.x + title.width &&
        title.y < tag.y + tag.height &&
        tag.y < title.y + title.height;
      expect(overlaps, `Off tag over "${await tile.getAttribute('aria-label')}"`).toBe(false);
    }
    await tiles.first().scrollIntoViewIfNeeded();
    await screenShot(admin, 'services-off-tag');
  } finally {
    await admin.context().close();
    const back = await ctx.patch(`/api/admin/products/data-plans/${target._id}`, {
      headers,
      data: { isAvailable: true },
    });
    expect(back.ok(), await back.text()).toBe(true);
    await ctx.dispose();
  }
});

test("the Airtime tab's networks switch airtime per network; the customer on that network is refused", async ({
  page,
  browser,
}) => {
  const { ctx, headers } = await adminApi();
  const admin = await openAdminAt(browser, '/admin/services?tab=airtime', (p) =>
    expect(p.getByRole('switch', { name: 'MTN airtime' })).toBeVisible(),
  );
  try {
    await screenShot(admin, 'airtime-tab-networks');
    const networks = admin.getByRole('group', { name: 'Network' });
    await networks.getByRole('button', { name: 'GLO' }).click();
    const glo = admin.getByRole('switch', { name: 'GLO airtime' });
    await expect(glo).toHaveAttribute('aria-checked', 'true');
    await glo.click();
    await expect(
      admin.locator('[data-sonner-toast]').filter({ hasText: adminMessages.shutdownSuccess }),
    ).toBeVisible();
    await expect(glo).toHaveAttribute('aria-checked', 'false');
    await expect(networks.locator('[data-off]')).toHaveText(/GLO/);
    // The airtime switch for every network is untouched.
    await expect(
      admin.getByRole('switch', { name: adminMessages.serviceSwitches.airtime }),
    ).toHaveAttribute('aria-checked', 'true');
    await screenShot(admin, 'airtime-tab-glo-off');

    // A customer buying GLO airtime is refused with the shutdown message; MTN still sells.
    await signUpByEmail(page, newEmail('glo'));
    await setPinByApi(page, PIN);
    await fundWallet(page, 2_000);
    await page.goto('/airtime');
    await page.getByLabel('Phone number').fill('08051234567');
    await expect(page.getByRole('button', { name: 'GLO', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: '₦500' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('dialog', { name: 'Summary' })
      .getByRole('button', { name: 'Continue' })
      .click();
    const pinSheet = page.getByRole('dialog', { name: 'Enter Transaction PIN' });
    await tapPin(page, PIN);
    await pinSheet.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(messages.serviceShutdown).first()).toBeVisible();
    await shot(page, 'customer-glo-airtime-refused');

    await glo.click();
    await expect(glo).toHaveAttribute('aria-checked', 'true');
  } finally {
    await admin.context().close();
    const restore = await ctx.post('/api/admin/system/emergency-restore', {
      headers,
      data: { services: ['airtime-glo'] },
    });
    expect(restore.ok(), await restore.text()).toBe(true);
    await ctx.dispose();
  }
});
