import { expect, request, test, type Page } from '@playwright/test';
import { openDashboard } from './support/dashboard';
import { sandboxUrl } from './support/sandbox';
import { screenShot } from './support/toasts';
import { sessionOf } from './support/wallet';

/**
 * Suppliers (/admin/suppliers), reached from the dashboard: every supplier wallet read from its
 * simulator; VTpass's drained through the sandbox's control call shows as low once refreshed; its
 * threshold lowered in a bottom sheet clears the warning; MTN airtime's route reordered in
 * another. Everything is put back at the end, for the specs that buy airtime after this one.
 */

async function setWallet(supplier: string, balanceKobo: number) {
  const ctx = await request.newContext();
  try {
    const reply = await ctx.put(`${sandboxUrl}/sandbox/wallets/${supplier}`, {
      data: { balanceKobo },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
  } finally {
    await ctx.dispose();
  }
}

async function adminPut(admin: Page, url: string, data: unknown) {
  const { auth } = await sessionOf(admin);
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const reply = await ctx.put(url, { data, headers: { Authorization: `Bearer ${auth.token}` } });
    expect(reply.ok(), await reply.text()).toBe(true);
  } finally {
    await ctx.dispose();
  }
}

const card = (admin: Page, name: string) => admin.getByRole('article', { name: `${name} wallet` });
const mtnRoute = (admin: Page) => admin.getByRole('listitem', { name: 'Airtime MTN route' });

test('suppliers: balances, a drained wallet shown low, its threshold, and a route reordered', async ({
  browser,
}) => {
  const admin = await openDashboard(browser);
  try {
    const link = admin.getByRole('link', { name: 'Suppliers' });
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expect(admin).toHaveURL(/\/admin\/suppliers$/);
    for (const name of ['VTpass', 'DataStation', 'Ogdams', 'PalmPay', 'Safe Haven']) {
      await expect(card(admin, name)).toBeVisible();
    }
    await expect(card(admin, 'VTpass')).toContainText('Warn below ₦50,000.00');
    // Signed webhooks: Ogdams and PalmPay cards say whether one verified (decision 0045).
    for (const name of ['Ogdams', 'PalmPay']) {
      await expect(card(admin, name).getByTestId('supplier-webhook')).toContainText(
        /Signed webhook verified|No signed webhook verified yet/,
      );
    }
    await expect(card(admin, 'VTpass').getByTestId('supplier-webhook')).toHaveCount(0);
    await expect(admin.locator('[data-low]')).toHaveCount(0);
    await expect(mtnRoute(admin).getByTestId('route-order')).toHaveText(
      /1\s*VTpass\s*2\s*DataStation/,
    );
    await screenShot(admin, 'admin-suppliers');

    // The simulator's wallet drained: the next read shows it low, in red, with a summary line.
    await setWallet('vtpass', 20_000_00);
    await admin.getByRole('button', { name: 'Refresh balances' }).click();
    const vtpass = card(admin, 'VTpass');
    await expect(vtpass.getByTestId('supplier-balance')).toHaveText('₦20,000.00');
    await expect(vtpass).toContainText('Low balance');
    await expect(admin.getByRole('status')).toHaveText('1 supplier wallet is running low');
    await screenShot(admin, 'admin-suppliers-low');

    // A lower threshold, in its sheet: refused when it is not an amount, then saved.
    await vtpass.getByRole('button', { name: 'Edit VTpass threshold' }).click();
    const sheet = admin.getByRole('dialog', { name: 'VTpass low-balance threshold' });
    const field = sheet.getByLabel('Threshold');
    await field.fill('ten');
    await sheet.getByRole('button', { name: 'Save' }).click();
    await expect(sheet).toContainText('Enter an amount from ₦0 to ₦100,000,000.');
    await field.fill('10,000');
    await screenShot(admin, 'admin-suppliers-threshold');
    await sheet.getByRole('button', { name: 'Save' }).click();
    await expect(sheet).toBeHidden();
    await expect(vtpass).toContainText('Warn below ₦10,000.00');
    await expect(vtpass).not.toContainText('Low balance');
    await expect(admin.locator('[data-low]')).toHaveCount(0);

    // MTN airtime: DataStation first, then VTpass.
    await mtnRoute(admin).getByRole('button', { name: 'Change Airtime MTN route' }).click();
    const route = admin.getByRole('dialog', { name: 'Airtime · MTN' });
    await route.getByRole('button', { name: 'Move DataStation up' }).click();
    await route.getByRole('checkbox', { name: 'Use Ogdams' }).check();
    await screenShot(admin, 'admin-suppliers-route');
    await route.getByRole('button', { name: 'Save' }).click();
    await expect(route).toBeHidden();
    await expect(mtnRoute(admin).getByTestId('route-order')).toHaveText(
      /1\s*DataStation\s*2\s*VTpass\s*3\s*Ogdams/,
    );
    await admin.getByRole('heading', { name: 'Routing' }).scrollIntoViewIfNeeded();
    await screenShot(admin, 'admin-suppliers-routing');
  } finally {
    await setWallet('vtpass', 5_000_000_00);
    await adminPut(admin, '/api/admin/suppliers/vtpass/threshold', { lowBalanceThreshold: 50_000 });
    await adminPut(admin, '/api/admin/suppliers/routes', {
      service: 'airtime',
      network: 'MTN',
      suppliers: ['vtpass', 'datastation'],
    });
    await admin.context().close();
  }
});
