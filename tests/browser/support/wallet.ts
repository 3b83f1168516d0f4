import { randomUUID } from 'node:crypto';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, CHECKER } from '../../../playwright.config';

/**
 * Money and PIN set-up for purchase tests, over HTTP. The browser suite's server runs on the
 * embedded database, which allows one process at a time, so `npm run cli -- credit` cannot run
 * beside it: wallets are funded through the admin endpoints with the two admins the config
 * creates, one filing the credit and the other approving it (four eyes, decision 0047).
 */
interface StoredSession {
  user: { _id: string; email: string };
  auth: { token: string | null };
}

export async function sessionOf(page: Page): Promise<StoredSession> {
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? 'null'));
  const state = stored?.state as StoredSession | undefined;
  if (!state?.auth.token || !state.user._id) throw new Error('No signed-in session in the page');
  return state;
}

async function api(): Promise<APIRequestContext> {
  return request.newContext({ baseURL: test.info().project.use.baseURL });
}

const tokens = new Map<string, string>();

export async function staffAuthorization(
  ctx: APIRequestContext,
  staff: { email: string; password: string } = ADMIN,
): Promise<string> {
  if (!tokens.has(staff.email)) {
    const reply = await ctx.post('/api/auth/login', {
      data: { email: staff.email, password: staff.password },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
    tokens.set(staff.email, (await reply.json()).token as string);
  }
  return `Bearer ${tokens.get(staff.email)}`;
}

/**
 * Credits the signed-in customer's wallet: ADMIN files the credit (POST
 * /api/admin/users/{id}/credit) and CHECKER approves it (POST /api/admin/adjustments/{id}/approve).
 */
export async function fundWallet(page: Page, naira: number, reason = 'e2e'): Promise<void> {
  const { user } = await sessionOf(page);
  const ctx = await api();
  try {
    const filed = await ctx.post(`/api/admin/users/${user._id}/credit`, {
      data: { amount: naira, reason },
      headers: { Authorization: await staffAuthorization(ctx), 'Idempotency-Key': randomUUID() },
    });
    expect(filed.status(), await filed.text()).toBe(202);
    const id = (await filed.json()).data._id as string;
    const approved = await ctx.post(`/api/admin/adjustments/${id}/approve`, {
      data: {},
      headers: { Authorization: await staffAuthorization(ctx, CHECKER) },
    });
    expect(approved.ok(), await approved.text()).toBe(true);
  } finally {
    await ctx.dispose();
  }
}

/** Sets the customer's transaction PIN through the API, then reloads so the app knows it. */
export async function setPinByApi(page: Page, pin: string): Promise<void> {
  const { auth } = await sessionOf(page);
  const ctx = await api();
  try {
    const reply = await ctx.post('/api/user/set-transaction-pin', {
      data: { transactionPin: pin },
      headers: { Authorization: `Bearer ${auth.token}` },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
  } finally {
    await ctx.dispose();
  }
  await page.reload();
}

/** The balance on the home card, as text ("₦5,000.00"). */
export function homeBalance(page: Page) {
  return page.getByTestId('wallet-balance');
}
