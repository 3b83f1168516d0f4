import {
  expect,
  request,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import type { AdminDataPlanDto, AdminListReply, ServiceStatus } from '@owo/shared/api-types';
import { adminMessages } from '@owo/shared/admin-messages';
import { ADMIN } from '../../playwright.config';
import { openAdminAt } from './support/admin';
import { newEmail, signUpByEmail } from './support/flows';
import { screenShot } from './support/toasts';
import { sessionOf, setPinByApi } from './support/wallet';

/**
 * Manage Services (/admin/services): an admin's price and availability changes reach the
 * customer's data screen, and the Data switch turns the service off and on. Other spec files share
 * this database, so every change is put back in a finally block.
 */

/** DataStation MTN SME 3GB / 30 days (data_id 44, cost ₦1,860): a plan no other spec picks. */
const PLAN_DATA_ID = 44;
/** The tile keeps its size and prices in its name; "Off" joins the size once it is switched off. */
const PLAN_TILE = /^3GB (Off )?30 days, P ₦1,860, SP /;
const NEW_PRICE = 1990;
const BELOW_COST = 1000;

/** The admin's API, for set-up and the clean-up that must run even when a step fails. */
async function adminApi(): Promise<{ ctx: APIRequestContext; headers: Record<string, string> }> {
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await ctx.post('/api/auth/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return { ctx, headers: { Authorization: `Bearer ${token}` } };
}

async function findPlan(
  ctx: APIRequestContext,
  headers: Record<string, string>,
): Promise<AdminDataPlanDto> {
  const reply = await ctx.get('/api/admin/products/data-plans?network=MTN', { headers });
  expect(reply.ok(), await reply.text()).toBe(true);
  const { data } = (await reply.json()) as AdminListReply<AdminDataPlanDto>;
  const plan = data.find((p) => Number(p.data_id) === PLAN_DATA_ID);
  if (!plan) throw new Error(`DataStation MTN plan ${PLAN_DATA_ID} is not in the catalogue`);
  return plan;
}

/** The admin signed in on Manage Services, in a context of its own. */
const openServicesPage = (browser: Browser): Promise<Page> =>
  openAdminAt(browser, '/admin/services', (page) =>
    expect(page.getByRole('tab', { name: 'Data' })).toHaveAttribute('aria-selected', 'true'),
  );

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The customer's MTN SME plans on /data (the profile's 0803 number picks MTN). */
function customerSmePlans(page: Page) {
  return page.getByRole('list', { name: 'MTN SME plans' });
}

test('an admin reprices a data plan and turns it off; the customer sees both on /data', async ({
  page,
  browser,
}) => {
  const { ctx, headers } = await adminApi();
  const original = await findPlan(ctx, headers);
  const admin = await openServicesPage(browser);
  try {
    const tiles = admin.getByRole('list', { name: 'MTN SME plans' });
    await expect(tiles.getByRole('button').first()).toBeVisible();
    await screenShot(admin, 'data-tab');

    const tile = tiles.getByRole('button', { name: PLAN_TILE });
    await expect(tile).toHaveAttribute('data-available', 'true');
    await tile.click();
    const card = admin.getByRole('region', { name: 'Selected plan' });
    await expect(card).toContainText('MTN SME 3GB');
    await expect(card).toContainText('30 days');
    await screenShot(admin, 'data-plan-card');

    // The edit sheet: an empty price is refused on the spot, one below cost by the server.
    await card.getByRole('button', { name: adminMessages.edit }).click();
    const sheet = admin.getByRole('dialog', { name: adminMessages.editPriceTitle });
    await expect(sheet).toContainText(adminMessages.serviceName);
    await expect(sheet).toContainText(adminMessages.currentPrice);
    const newPrice = sheet.getByLabel(adminMessages.newPrice);
    await expect(newPrice).toHaveAttribute('placeholder', adminMessages.newPricePlaceholder);
    await sheet.getByRole('button', { name: adminMessages.save }).click();
    await expect(sheet.getByText(adminMessages.invalidPrice)).toBeVisible();
    await newPrice.fill(String(BELOW_COST));
    await screenShot(admin, 'edit-sheet');
    await sheet.getByRole('button', { name: adminMessages.save }).click();
    await expect(toast(admin, adminMessages.priceBelowCost)).toBeVisible();
    await expect(sheet).toBeVisible();

    await newPrice.fill(NEW_PRICE.toLocaleString('en-NG'));
    await sheet.getByRole('button', { name: adminMessages.save }).click();
    await expect(toast(admin, adminMessages.planUpdated)).toBeVisible();
    await expect(sheet).toBeHidden();
    await expect(card.getByTestId('plan-selling-price')).toHaveText('₦1,990');
    await expect(tile).toHaveAccessibleName(/SP ₦1,990, Available$/);

    // The customer sees the new price.
    await signUpByEmail(page, newEmail('svc'));
    await setPinByApi(page, '2580');
    await page.goto('/data');
    await expect(page.getByLabel('Phone number')).toHaveValue('08031234567');
    await expect(customerSmePlans(page).getByRole('button', { name: /3GB.*₦1,990/ })).toBeVisible();

    // Off: the tile turns grey and the plan leaves the customer's list.
    await card.getByRole('switch', { name: adminMessages.available }).click();
    await expect(toast(admin, adminMessages.planUpdated).first()).toBeVisible();
    await expect(card.getByRole('switch', { name: adminMessages.available })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(tile).toHaveAttribute('data-available', 'false');
    await screenShot(admin, 'data-plan-off');

    await page.reload();
    await expect(customerSmePlans(page).getByRole('button').first()).toBeVisible();
    await expect(customerSmePlans(page).getByRole('button', { name: /3GB.*₦1,990/ })).toHaveCount(
      0,
    );
    // The same size from the other SME list is still there: only this plan went.
    await expect(customerSmePlans(page).getByRole('button', { name: /3GB/ })).toHaveCount(1);
  } finally {
    const restored = await ctx.patch(`/api/admin/products/data-plans/${original._id}`, {
      headers,
      data: { sellingPrice: original.sellingPrice },
    });
    const available = await ctx.patch(`/api/admin/products/data-plans/${original._id}`, {
      headers,
      data: { isAvailable: original.isAvailable },
    });
    await admin.context().close();
    expect(restored.ok(), await restored.text()).toBe(true);
    expect(available.ok(), await available.text()).toBe(true);
    await ctx.dispose();
  }
});

test('the Data switch turns the data service off and back on', async ({ browser }) => {
  const { ctx, headers } = await adminApi();
  const admin = await openServicesPage(browser);
  const servicesNow = async (): Promise<ServiceStatus> => {
    const { token } = (await sessionOf(admin)).auth;
    const reply = await ctx.get('/api/system/services', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
    return ((await reply.json()) as { data: ServiceStatus }).data;
  };
  try {
    const dataSwitch = admin.getByRole('switch', { name: adminMessages.serviceSwitches.data });
    await expect(dataSwitch).toHaveAttribute('aria-checked', 'true');
    expect((await servicesNow()).data).toBe(true);

    await dataSwitch.click();
    await expect(toast(admin, adminMessages.shutdownSuccess)).toBeVisible();
    await expect(dataSwitch).toHaveAttribute('aria-checked', 'false');
    await expect(admin.getByText(/^Off until \d\d:\d\d$/)).toBeVisible();
    expect((await servicesNow()).data).toBe(false);
    // Only data went off.
    expect((await servicesNow()).airtime).toBe(true);
    await screenShot(admin, 'data-switch-off');

    await dataSwitch.click();
    await expect(toast(admin, adminMessages.restoreSuccess)).toBeVisible();
    await expect(dataSwitch).toHaveAttribute('aria-checked', 'true');
    expect((await servicesNow()).data).toBe(true);
  } finally {
    const restore = await ctx.post('/api/admin/system/emergency-restore', {
      headers,
      data: { services: ['data'] },
    });
    await admin.context().close();
    expect(restore.ok(), await restore.text()).toBe(true);
    await ctx.dispose();
  }
});

test('the Airtime, Cable TV and Utilities tabs show their switches, plans and the discount', async ({
  browser,
}) => {
  const admin = await openServicesPage(browser);
  try {
    // Data: Ogdams plans show for AIRTEL (network_id 4) only; GLO has a GLO / GLO SME toggle.
    const network = admin.getByRole('group', { name: 'Network' });
    const planTypes = admin.getByRole('group', { name: 'Plan types' });
    await network.getByRole('button', { name: 'AIRTEL' }).click();
    await planTypes.getByRole('button', { name: /Ogdams/ }).click();
    await expect(admin.getByRole('list', { name: 'AIRTEL AWOOF plans' })).toBeVisible();
    await screenShot(admin, 'data-ogdams');
    // A fetch from the supplier (the sandbox lists the same plans, so our prices stay) says what
    // it found.
    const fetchOgdams = admin
      .getByRole('region', { name: adminMessages.fetchPlansTitle })
      .getByRole('button', { name: adminMessages.fetchOgdams });
    await fetchOgdams.click();
    const fetched = toast(admin, adminMessages.plansFetched);
    await expect(fetched).toBeVisible({ timeout: 20_000 });
    await expect(fetched).toContainText(/Ogdams: \d+ fetched · \d+ new · \d+ updated/);
    await expect(fetchOgdams).toBeEnabled();
    await network.getByRole('button', { name: 'GLO' }).click();
    await expect(planTypes.getByRole('button', { name: /Ogdams/ })).toHaveCount(0);
    await planTypes.getByRole('button', { name: /VTpass/ }).click();
    await admin.getByRole('radio', { name: 'GLO SME' }).click();
    await expect(admin.getByRole('list', { name: 'GLO SME DIRECT plans' })).toBeVisible();
    await screenShot(admin, 'data-vtpass-glo-sme');

    // Airtime: one switch for every network, and a switch per network (admin-defects.spec.ts).
    await admin.getByRole('tab', { name: 'Airtime' }).click();
    await expect(admin).toHaveURL(/tab=airtime/);
    await expect(
      admin.getByRole('switch', { name: adminMessages.serviceSwitches.airtime }),
    ).toHaveAttribute('aria-checked', 'true');
    await expect(admin.getByRole('group', { name: 'Network' })).toContainText('9MOBILE');
    await expect(admin.getByRole('switch', { name: 'MTN airtime' })).toBeVisible();
    await screenShot(admin, 'airtime-tab');

    // Cable TV: a DataStation bouquet and a VTpass TV plan, each with its card.
    await admin.getByRole('tab', { name: 'Cable TV' }).click();
    await admin.getByRole('button', { name: 'DSTV' }).click();
    const cableSelect = admin.getByLabel(adminMessages.selectCablePlan);
    await expect(cableSelect.locator('option')).not.toHaveCount(1);
    const firstBouquet = await cableSelect.locator('option').nth(1).textContent();
    expect(firstBouquet).toMatch(/ - N[\d,]+/);
    await cableSelect.selectOption({ index: 1 });
    const cablePlans = admin.getByRole('region', { name: 'Cable plans' });
    await expect(cablePlans.getByRole('region', { name: 'Selected plan' })).toBeVisible();
    await expect(cablePlans.getByRole('switch', { name: adminMessages.available })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    const tv = admin.getByRole('region', { name: adminMessages.vtpassTvTitle });
    await tv.getByRole('radio', { name: 'Showmax' }).click();
    const tvSelect = tv.getByLabel(adminMessages.vtpassTvSelect);
    await expect(tvSelect.locator('option')).not.toHaveCount(1);
    await tvSelect.selectOption({ index: 1 });
    await expect(tv.getByRole('region', { name: 'Selected plan' })).toBeVisible();
    await screenShot(admin, 'cable-tab');
    await tv.getByRole('region', { name: 'Selected plan' }).scrollIntoViewIfNeeded();
    await screenShot(admin, 'cable-tab-vtpass');

    // Utilities: the discos and the discount, with its validation.
    await admin.getByRole('tab', { name: 'Utilities' }).click();
    await expect(admin.getByLabel(adminMessages.selectProvider, { exact: true })).toContainText(
      'Ikeja Electric',
    );
    await expect(admin.getByTestId('current-discount')).toHaveText(/%$/);
    await admin.getByLabel(adminMessages.discountPercentage).fill('55');
    await admin.getByRole('button', { name: adminMessages.update }).click();
    await expect(admin.getByText(adminMessages.discountInvalid)).toBeVisible();
    await screenShot(admin, 'utilities-tab');
  } finally {
    await admin.context().close();
  }
});
