import { randomUUID } from 'node:crypto';
import { expect, request, test, type Browser, type Page } from '@playwright/test';
import type { DataPlanDto, ListReply, PurchaseReply } from '@owo/shared/api-types';
import { parseNairaToKobo } from '@owo/shared/money';
import { ADMIN } from '../../../playwright.config';
import { openAdminAt } from './admin';
import { sessionOf } from './wallet';

/** Admin dashboard set-up for browser tests: the admin's page, figures read off it, purchases. */

/** A second signed-in page for the admin, on /admin/dashboard with its figures loaded. */
export const openDashboard = (browser: Browser): Promise<Page> =>
  openAdminAt(browser, '/admin/dashboard', (page) =>
    expect(page.getByRole('heading', { name: 'Profit' })).toBeVisible(),
  );

/** Every panel has its figures (none is loading). */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('revenue-total').locator('[data-figure]')).toBeVisible();
}

export async function choosePeriod(page: Page, label: string): Promise<void> {
  await page.getByRole('tab', { name: label, exact: true }).click();
  await expect(page.getByRole('tab', { name: label, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await settled(page);
}

/** A card's figure: naira amounts as kobo, counts as numbers. */
export async function figure(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).locator('[data-figure]').textContent()) ?? '';
  if (text.includes('₦')) {
    const kobo = parseNairaToKobo(text.replace(/[₦\s]/g, ''));
    if (kobo === null) throw new Error(`no amount in ${testId}: ${text}`);
    return kobo;
  }
  const count = Number(text.replace(/,/g, ''));
  if (!Number.isFinite(count)) throw new Error(`no count in ${testId}: ${text}`);
  return count;
}

export async function figures<K extends string>(
  page: Page,
  ids: readonly K[],
): Promise<Record<K, number>> {
  const out = {} as Record<K, number>;
  for (const id of ids) out[id] = await figure(page, id);
  return out;
}

async function customerPost(page: Page, path: string, body: Record<string, unknown>) {
  const { auth } = await sessionOf(page);
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const reply = await ctx.post(`/api${path}`, {
      data: body,
      headers: { Authorization: `Bearer ${auth.token}`, 'Idempotency-Key': randomUUID() },
      timeout: 60_000,
    });
    return { status: reply.status(), body: (await reply.json()) as PurchaseReply };
  } finally {
    await ctx.dispose();
  }
}

/** MTN airtime for the signed-in customer, over HTTP; resolves once the API answered. */
export async function buyAirtimeByApi(page: Page, naira: number, pin: string) {
  const reply = await customerPost(page, '/vtpass/airtime', {
    phone: '08031234567',
    amount: naira,
    serviceID: 'mtn',
    transactionPin: pin,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(reply.body.status).not.toBe('failed');
  return reply.body;
}

/** The cheapest available MTN DataStation plan (its selling price in kobo). */
export async function cheapestMtnPlan(page: Page): Promise<{ plan: DataPlanDto; kobo: number }> {
  const { auth } = await sessionOf(page);
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const reply = await ctx.get('/api/transactions/data-plans', {
      headers: { Authorization: `Bearer ${auth.token}` },
    });
    expect(reply.ok()).toBe(true);
    const plans = ((await reply.json()) as ListReply<DataPlanDto>).data.filter(
      (p) => p.network_id === 1 && p.isAvailable && p.source === 'datastation',
    );
    plans.sort((a, b) => a.sellingPrice - b.sellingPrice);
    const plan = plans[0];
    if (!plan) throw new Error('no MTN plan in the catalogue');
    return { plan, kobo: Math.round(plan.sellingPrice * 100) };
  } finally {
    await ctx.dispose();
  }
}

/** Buys `plan` for 08031234567 over HTTP, as the data screen does. */
export async function buyDataByApi(page: Page, plan: DataPlanDto, pin: string) {
  const reply = await customerPost(page, '/transactions/data', {
    network: plan.network_id,
    mobile_number: '08031234567',
    plan: Number(plan.data_id),
    Ported_number: true,
    amount: plan.sellingPrice,
    transactionPin: pin,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(reply.body.status).not.toBe('failed');
  return reply.body;
}

/** Restores every service over HTTP (a test's safety net, so later files are not affected). */
export async function restoreSystemByApi(): Promise<void> {
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const login = await ctx.post('/api/auth/login', {
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    const token = (await login.json()).token as string;
    const reply = await ctx.post('/api/admin/system/emergency-restore', {
      data: { services: ['system'] },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
  } finally {
    await ctx.dispose();
  }
}
