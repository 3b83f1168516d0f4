import { expect } from 'vitest';
import type { ScratchDatabase } from '../../reliability/support/cluster/database';
import {
  expectEveryOrderEndedOnce,
  keyedTransactions,
  waitForOrdersToEnd,
} from '../../reliability/support/cluster/orders';
import { expectMoneyInvariantsAt } from '../../reliability/support/invariants';
import type { Operation } from './burst';

export interface Verdict {
  acknowledged: number;
  lost: number;
  duplicated: number;
  open: number;
  /** Replies other than a final answer or a clean 503 with Retry-After (500s, 502s...). */
  badReplies: unknown[];
  /** When orders stayed open: what each was waiting for (a lease, a backoff, nothing). */
  openDetail?: string;
}

/**
 * What the database (the new primary) holds against what the clients were told. An acknowledged
 * operation (answered 200, or 202/422 for a purchase) is lost when the database has no trace of
 * it; duplicated when one key made more than one order or transfer, or a deposit was credited
 * more than once. Open: orders still processing or pending once the reconcilers had their time.
 */
export async function judge(database: ScratchDatabase, operations: Operation[]): Promise<Verdict> {
  const badReplies = operations
    .flatMap((op) => op.attempts)
    .filter(
      (a) => a.status >= 500 && !(a.status === 503 && a.retryAfter !== null && a.retryAfter !== ''),
    )
    .map((a) => ({ status: a.status, body: a.body }));

  let open = 0;
  let openDetail: string | undefined;
  try {
    await waitForOrdersToEnd(database, 180_000);
  } catch (error) {
    openDetail = String(error);
    const [row] = await database.query<{ n: number }>(
      "select count(*)::int as n from purchases where state in ('processing', 'pending')",
    );
    open = row?.n ?? 0;
  }
  if (open === 0) await expectEveryOrderEndedOnce(database);

  const keyed = await keyedTransactions(database);
  let acknowledged = 0;
  let lost = 0;
  for (const op of operations) {
    const answered =
      op.final &&
      (op.kind === 'purchase'
        ? [200, 202, 422].includes(op.final.status)
        : op.final.status === 200);
    if (!answered) continue;
    acknowledged += 1;
    if (op.kind === 'deposit') continue;
    const tx = keyed.get(`${op.userId}/${op.key}`);
    const replied = op.final?.body?.data?._id as string | undefined;
    if (!tx || (replied && replied !== tx)) lost += 1;
  }

  // One order per purchase key and one transfer per transfer key: more rows than keys is a
  // duplicate (the keys are unique in the database; the rows are counted independently).
  const purchaseKeys = new Set(
    operations
      .filter((op) => op.kind === 'purchase')
      .map((op) => keyed.get(`${op.userId}/${op.key}`)),
  );
  purchaseKeys.delete(undefined);
  const users = [...new Set(operations.map((op) => op.userId))];
  const [orders] = await database.query<{ n: number }>(
    'select count(*)::int as n from purchases where user_id = any($1::uuid[])',
    [users],
  );
  const transferKeys = new Set(
    operations
      .filter((op) => op.kind === 'transfer')
      .map((op) => keyed.get(`${op.userId}/${op.key}`)),
  );
  transferKeys.delete(undefined);
  const [transfers] = await database.query<{ n: number }>(
    'select count(*)::int as n from wallet_transfers where sender_id = any($1::uuid[])',
    [users],
  );
  let duplicated =
    Math.max(0, (orders?.n ?? 0) - purchaseKeys.size) +
    Math.max(0, (transfers?.n ?? 0) - transferKeys.size);

  // Each paid deposit credited exactly once, whichever notification got through.
  const paid = operations.filter((op) => op.kind === 'deposit' && op.final?.status === 200);
  if (paid.length > 0) {
    const rows = await database.query<{
      id: string;
      status: string;
      credited: number;
      legs: number;
    }>(
      `select d.id, d.status, d.credited_kobo::int as credited,
              (select count(*)::int from ledger_transfers l join transactions t on t.id = l.transaction_id
                where l.code = 'deposit' and t.metadata->>'depositId' = d.id::text) as legs
         from deposits d where d.id = any($1::uuid[])`,
      [paid.map((op) => op.depositId)],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const op of paid) {
      const row = byId.get(op.depositId!);
      if (!row || row.legs === 0 || row.status !== 'completed') lost += 1;
      else if (row.legs > 1 || row.credited !== op.amountKobo) duplicated += 1;
    }
  }

  await expectMoneyInvariantsAt(database.url);
  return { acknowledged, lost, duplicated, open, badReplies, openDetail };
}

/** From the kill to the first write sent after it that succeeded, in seconds. */
export function writesUnavailableSeconds(operations: Operation[], killedAt: number): number {
  const firstOk = Math.min(
    ...operations
      .filter((op) => op.kind !== 'deposit')
      .flatMap((op) => op.attempts)
      .filter((a) => a.sentAt >= killedAt && a.status === 200)
      .map((a) => a.answeredAt),
  );
  return Number.isFinite(firstOk) ? (firstOk - killedAt) / 1000 : Number.NaN;
}

export function expectClean(verdict: Verdict) {
  expect(verdict.badReplies).toEqual([]);
  expect({ lost: verdict.lost, duplicated: verdict.duplicated, open: verdict.open }).toEqual({
    lost: 0,
    duplicated: 0,
    open: 0,
  });
}
