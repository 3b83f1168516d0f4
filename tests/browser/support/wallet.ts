import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from '../../../playwright.config';

/**
 * Money and PIN set-up for purchase tests, over HTTP. The browser suite's server runs on the
 * embedded database, which allows one process at a time, so `npm run cli -- credit` cannot run
 * beside it: wallets are funded through the admin endpoint with the admin the config creates.
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

let adminToken: string | null = null;

async function adminAuthorization(ctx: APIRequestContext): Promise<string> {
  if (!adminToken) {
    const reply = await ctx.post('/api/auth/login', {
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
    adminToken = (await reply.json()).token as string;
  }
  return `Bearer ${adminToken}`;
}

/** Credits the signed-in customer's wallet (POST /api/admin/users/{id}/credit). */
export async function fundWallet(page: Page, naira: number, reason = 'e2e'): Promise<void> {
  const { user } = await sessionOf(page);
  const ctx = await api();
  try {
    const reply = await ctx.post(`/api/admin/users/${user._id}/credit`, {
      data: { amount: naira, reason },
      headers: { Authorization: await adminAuthorization(ctx) },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
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
