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

/**
 * Staff tokens by e-mail, with when each was last used. The server signs a session out after 15
 * minutes without a request (SESSION_IDLE_TIMEOUT_S), and a slow machine can spend that long between two
 * uses: a token idle for 5 minutes is replaced by a fresh sign-in.
 */
const tokens = new Map<string, { token: string; usedAt: number }>();
const REUSE_WITHIN_MS = 5 * 60_000;

export async function staffAuthorization(
  ctx: APIRequestContext,
  staff: { email: string; password: string } = ADMIN,
): Promise<string> {
  const cached = tokens.get(staff.email);
  if (cached && Date.now() - cached.usedAt < REUSE_WITHIN_MS) {
    cached.usedAt = Date.now();
    return `Bearer ${cached.token}`;
  }
  const reply = await ctx.post('/api/auth/login', {
    data: { email: staff.email, password: staff.password },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  const token = (await reply.json()).token as string;
  tokens.set(staff.email, { token, usedAt: Date.now() });
  return `Bearer ${token}`;
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
