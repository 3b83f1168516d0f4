import { randomUUID } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import { ledgerTransfers, users, walletTransfers } from '../src/db/schema';
import type { TestApp } from './harness';

/**
 * What the transfer, betting, services-pay and limits test files share: the transfer call, the
 * caller's history, direct counts, and a KYC-verified customer.
 */

export { PIN } from './harness';

export const newKey = () => `key-${randomUUID()}`;

export function sendTransfer(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.request({ method: 'POST', url: '/api/transfers', token, payload: body, headers });
}

export interface HistoryItem {
  _id: string;
  type: 'debit' | 'credit';
  serviceType: string;
  amount: number;
  status: string;
  reference: string;
  description: string;
  metadata: Record<string, unknown>;
}

/** The caller's whole history (GET /api/transactions), newest first. */
export async function historyOf(t: TestApp, token: string): Promise<HistoryItem[]> {
  const res = await t.request({ method: 'GET', url: '/api/transactions?limit=100', token });
  if (res.statusCode !== 200) throw new Error(`history: ${res.statusCode} ${res.body}`);
  return res.json().transactions as HistoryItem[];
}

/** wallet_transfers rows touching a user (as sender or recipient). */
export async function walletTransfersOf(t: TestApp, userId: string) {
  return t.deps.database.db
    .select()
    .from(walletTransfers)
    .where(or(eq(walletTransfers.senderId, userId), eq(walletTransfers.recipientId, userId)));
}

/** Ledger transfers with this code, over the whole database. */
export async function countLedgerCode(t: TestApp, code: string): Promise<number> {
  const [row] = await t.deps.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.code, code));
  return row?.n ?? 0;
}

/** Marks a user KYC-verified directly (the KYC flow is another module's; limits read the flag). */
export async function markVerified(t: TestApp, userId: string) {
  await t.deps.database.db.update(users).set({ isKycVerified: true }).where(eq(users.id, userId));
}
