import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { loadPrivateKey, signParams } from '@owo/providers/palmpay/signing';
import { SANDBOX_CONTROL_PREFIXES, SANDBOX_KEYS } from '@owo/providers/sandbox/server';
import { SAFEHAVEN_IDENTITIES } from '@owo/providers/sandbox/magic';
import {
  deposits,
  identityVerifications,
  ledgerTransfers,
  reviewFlags,
  transactions,
  userAccounts,
  webhookEvents,
} from '../src/db/schema';
import { signUp, type TestApp } from './harness';

/**
 * What the deposit, webhook, KYC and account tests share: the sandbox's simulated bank transfer,
 * PalmPay-signed bodies, the KYC flow through the API, and direct counts of the rows money and
 * webhooks leave behind.
 */

export interface SimulatedTransfer {
  ok: boolean;
  kind: 'virtual_account' | 'checkout';
  orderNo: string;
  /** The signed notification the simulator posted (and will retry). */
  notification: Record<string, unknown>;
  /** Whether our app acknowledged the first delivery. */
  delivered: boolean;
}

/** A customer's bank transfer into a checkout or virtual account (the sandbox's control call). */
export async function simulateTransfer(
  t: TestApp,
  accountNumber: string,
  amountKobo: number,
): Promise<SimulatedTransfer> {
  const res = await fetch(
    `${t.sandboxOrigin}${SANDBOX_CONTROL_PREFIXES.palmpay}/simulate-transfer`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountNumber, amountKobo }),
    },
  );
  const body = (await res.json()) as SimulatedTransfer;
  if (res.status !== 200)
    throw new Error(`simulate-transfer: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The exact text the simulator sent (its sender posts JSON.stringify of the notification). */
export function rawBody(transfer: SimulatedTransfer): string {
  return JSON.stringify(transfer.notification);
}

/** A notification signed with the sandbox's PalmPay platform key, as PalmPay signs them. */
export function signedByPalmPay(params: Record<string, unknown>): string {
  const key = loadPrivateKey(SANDBOX_KEYS.palmpay.platformPrivateKey);
  return JSON.stringify({ ...params, sign: signParams(params, key) });
}

/** Posts a webhook body over real HTTP to the listening app (as PalmPay does). */
export async function postWebhook(t: TestApp, body: string) {
  if (!t.baseUrl) throw new Error('create the app with { listen: true }');
  const res = await fetch(`${t.baseUrl}/api/webhooks/palmpay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: res.status, text: await res.text() };
}

/** A port nothing listens on: PalmPay's first delivery to it fails (the webhook "never came"). */
export const DEAD_ORIGIN = 'http://127.0.0.1:9';

/** Runs `fn` with PalmPay's notifications for new checkouts going nowhere. */
export async function withoutWebhooks<T>(t: TestApp, fn: () => Promise<T>): Promise<T> {
  const live = t.deps.config.publicBaseUrl;
  t.deps.config.publicBaseUrl = DEAD_ORIGIN;
  try {
    return await fn();
  } finally {
    t.deps.config.publicBaseUrl = live;
  }
}

export function bankTransfer(t: TestApp, token: string, amount: unknown) {
  return t.request({
    method: 'POST',
    url: '/api/deposit/bank-transfer',
    token,
    payload: { amount },
  });
}

export function depositStatus(t: TestApp, token: string, id: string) {
  return t.request({ method: 'GET', url: `/api/deposit/${id}/status`, token });
}

export function sessionStatus(t: TestApp, token: string, sdkSessionId: string) {
  return t.request({ method: 'GET', url: `/api/deposit/session/${sdkSessionId}`, token });
}

/** Polls until `check` holds (webhooks arrive over HTTP, a moment after the control call). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// ------------------------------------------------------------------ KYC

let identityCounter = 0;
/** A fresh 11-digit number Safe Haven's sandbox verifies with its fixed OTP. */
export function identityNumber(): string {
  identityCounter += 1;
  const tail = `${Date.now() % 1_000_000}${identityCounter}`.slice(-8).padStart(8, '0');
  return `${SAFEHAVEN_IDENTITIES.fixedOtpPrefix}${tail}`;
}

export const FIXED_OTP = SAFEHAVEN_IDENTITIES.fixedOtp;

export function initiate(t: TestApp, token: string, payload: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/verification/initiate', token, payload });
}

export function validate(t: TestApp, token: string, payload: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/verification/validate', token, payload });
}

export function createSubaccount(t: TestApp, token: string, payload: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/account/subaccount', token, payload });
}

/** The whole KYC flow through the API: NIN initiate, OTP, permanent account. */
export async function verifyKyc(
  t: TestApp,
  user: { token: string; email: string },
  options: { type?: 'NIN' | 'BVN'; number?: string } = {},
) {
  const type = options.type ?? 'NIN';
  const number = options.number ?? identityNumber();
  const started = await initiate(t, user.token, { type, number });
  if (started.statusCode !== 200) throw new Error(`initiate: ${started.body}`);
  const identityId = started.json().data.identityId as string;
  const checked = await validate(t, user.token, { identityId, otp: FIXED_OTP });
  if (checked.statusCode !== 200) throw new Error(`validate: ${checked.body}`);
  const created = await createSubaccount(t, user.token, {
    phoneNumber: '08031234567',
    emailAddress: user.email,
    identityId,
    identityNumber: number,
    identityType: type,
    otp: FIXED_OTP,
  });
  if (created.statusCode !== 200) throw new Error(`subaccount: ${created.body}`);
  return {
    identityId,
    number,
    account: created.json().data as { _id: string; accountNumber: string },
  };
}

/** A signed-up customer who has passed KYC. */
export async function verifiedCustomer(t: TestApp) {
  const user = await signUp(t);
  const kyc = await verifyKyc(t, user);
  return { ...user, ...kyc };
}

// ------------------------------------------------------------------ direct reads

async function count(t: TestApp, table: PgTable): Promise<number> {
  const [row] = await t.deps.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

/** Rows a webhook or a deposit can write, to prove that a refused one wrote nothing. */
export async function moneyRowCounts(t: TestApp) {
  return {
    events: await count(t, webhookEvents),
    transactions: await count(t, transactions),
    transfers: await count(t, ledgerTransfers),
    deposits: await count(t, deposits),
    flags: await count(t, reviewFlags),
  };
}

export async function depositCredits(t: TestApp, userId: string) {
  return t.deps.database.db
    .select()
    .from(transactions)
    .where(sql`${transactions.userId} = ${userId} and ${transactions.serviceType} = 'deposit'`);
}

export async function depositRow(t: TestApp, id: string) {
  const [row] = await t.deps.database.db.select().from(deposits).where(eq(deposits.id, id));
  return row;
}

export async function flagsOf(t: TestApp, userId: string) {
  return t.deps.database.db.select().from(reviewFlags).where(eq(reviewFlags.userId, userId));
}

export async function eventsOf(t: TestApp) {
  return t.deps.database.db.select().from(webhookEvents);
}

export async function identityRows(t: TestApp, userId: string) {
  return t.deps.database.db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, userId));
}

export async function accountRows(t: TestApp, userId: string) {
  return t.deps.database.db.select().from(userAccounts).where(eq(userAccounts.userId, userId));
}
