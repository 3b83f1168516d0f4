import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Model } from './model';
import type { World } from './world';

/**
 * After the operations: time passes until every order has its answer. Each round moves the test
 * clock (the simulators settle "pending then …" orders on it), drains the reconciler and the
 * deposit sweeper, and gives PalmPay's notifications a moment. Orders the supplier never answers
 * (pendingForever) are refunded by the admin, as an operator would after a few hours. Then it
 * waits until every bank transfer the sandbox accepted has been credited.
 */

const ROUND_MS = 15 * 60_000;
/** Rounds before the admin refunds what is still open (the backoff reaches 30 min by then). */
const PATIENT_ROUNDS = 4;
const MAX_ROUNDS = 12;
/** Real time the sandbox has to deliver (and retry) its notifications. */
const DELIVERY_WAIT_MS = 180_000;

export interface SettleReport {
  rounds: number;
  refundedBySettle: number;
  ms: number;
}

async function openOrders(world: World): Promise<string[]> {
  const result = (await world.t.deps.database.db.execute(
    sql`select transaction_id from purchases where state in ('processing', 'pending')`,
  )) as unknown as { rows: { transaction_id: string }[] };
  return result.rows.map((r) => r.transaction_id);
}

/**
 * Time passes for the orders the suppliers never settle: they reach the admin's "needs a
 * decision" age, the only point from which an admin may refund without the supplier's word.
 */
async function ageOrders(world: World, ids: string[]): Promise<void> {
  const before = new Date(
    world.t.clock.now().getTime() - world.t.deps.config.needsDecisionAfterMs - 1_000,
  );
  for (const id of ids) {
    await world.t.deps.database.db.execute(
      sql`update purchases set created_at = ${before.toISOString()}::timestamptz
          where transaction_id = ${id} and state in ('processing', 'pending')`,
    );
  }
}

async function creditedDeposits(world: World): Promise<number> {
  const result = (await world.t.deps.database.db.execute(
    sql`select count(*)::int as n from transactions where service_type = 'deposit'`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

export async function settle(world: World, model: Model): Promise<SettleReport> {
  const { t, admin } = world;
  const started = Date.now();
  let refundedBySettle = 0;
  let rounds = 0;
  for (; rounds < MAX_ROUNDS; rounds += 1) {
    t.clock.advance(ROUND_MS);
    while ((await t.services.reconciler.runOnce()).checked > 0) {
      // a full pass may leave more due at this instant
    }
    while ((await t.services.deposits.sweepOpenCheckouts()) > 0) {
      // idem
    }
    // PalmPay's ticker notices clock-settled betting orders within half a second.
    await sleep(600);
    const open = await openOrders(world);
    if (open.length === 0) break;
    if (rounds < PATIENT_ROUNDS) continue;
    await ageOrders(world, open);
    for (const id of open) {
      const res = await t.request({
        method: 'POST',
        url: `/api/admin/transactions/${id}/refund`,
        token: admin.token,
        payload: { reason: 'supplier never answered' },
      });
      if (res.statusCode === 200) {
        refundedBySettle += 1;
        const order = model.orders.get(id);
        if (order) order.refunded = true;
      } else if (res.statusCode >= 500) {
        model.flag('settle refund', res.statusCode, res.body);
      }
    }
  }

  // Deposits: the notification (or its retries, or the sweeper's query) must credit each one.
  const deadline = Date.now() + DELIVERY_WAIT_MS;
  while ((await creditedDeposits(world)) < model.deposits.length && Date.now() < deadline) {
    t.clock.advance(60_000);
    await t.services.deposits.sweepOpenCheckouts();
    await sleep(250);
  }
  return { rounds: rounds + 1, refundedBySettle, ms: Date.now() - started };
}
