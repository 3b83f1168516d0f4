import { expect } from 'vitest';
import type { ScratchDatabase } from './database';

export interface EndedOrder {
  id: string;
  user_id: string;
  state: string;
  status: string;
  reserve: number;
  cost: number;
  void: number;
}

/** Polls until no purchase is open (processing or pending): the reconcilers have finished. */
export async function waitForOrdersToEnd(database: ScratchDatabase, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await database.query<{ n: number }>(
      "select count(*)::int as n from purchases where state in ('processing', 'pending')",
    );
    if (row?.n === 0) return;
    if (Date.now() > deadline) {
      // What each open order was waiting for: a claim's lease, a requery backoff, or nothing.
      const open = await database.query<Record<string, unknown>>(
        `select transaction_id, supplier, state, attempts, lease_until, next_check_at,
                last_description, now() as db_now
           from purchases where state in ('processing', 'pending') order by next_check_at limit 10`,
      );
      throw new Error(
        `${row?.n} orders still open after ${timeoutMs} ms: ${JSON.stringify(open, null, 1)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Every order ended once: one reservation, then exactly one post (delivered) or one void
 * (failed), and its history row says the same. Answers the orders.
 */
export async function expectEveryOrderEndedOnce(database: ScratchDatabase) {
  const orders = await database.query<EndedOrder>(
    `select p.transaction_id as id, p.user_id, p.state, t.status,
            count(*) filter (where l.code = 'purchase_reserve')::int as reserve,
            count(*) filter (where l.code = 'purchase_cost')::int as cost,
            count(*) filter (where l.code = 'purchase_void')::int as void
       from purchases p
       join transactions t on t.id = p.transaction_id
       left join ledger_transfers l on l.transaction_id = p.transaction_id
      group by p.transaction_id, p.user_id, p.state, t.status`,
  );
  for (const order of orders) {
    expect(order.state, order.id).toMatch(/^(delivered|failed)$/);
    const ended =
      order.state === 'delivered'
        ? { reserve: 1, cost: 1, void: 0, status: 'success' }
        : { reserve: 1, cost: 0, void: 1, status: 'failed' };
    expect(
      { reserve: order.reserve, cost: order.cost, void: order.void, status: order.status },
      order.id,
    ).toEqual(ended);
  }
  return orders;
}

/** user id / Idempotency-Key → the transaction the key created. */
export async function keyedTransactions(database: ScratchDatabase): Promise<Map<string, string>> {
  const keys = await database.query<{ user_id: string; key: string; tx: string }>(
    'select user_id, key, transaction_id as tx from idempotency_keys',
  );
  return new Map(keys.map((k) => [`${k.user_id}/${k.key}`, k.tx]));
}
