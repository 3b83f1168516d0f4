import { sql } from 'drizzle-orm';
import { HISTORY_MAX_PAGE_SIZE } from '@owo/shared/constants';
import { balanceKobo } from '../../../../apps/api/test/harness';
import type { PurchaseRow } from '../../../../apps/api/src/modules/purchases/repository';
import { requerySupplier } from '../../../../apps/api/src/modules/purchases/supplier-calls';
import { scenarioFinal, type Final, type Model } from './model';
import type { World } from './world';

/**
 * The model against the world after settling: every order where the model says it ends, every
 * balance what the replies imply, nothing in the database that no reply accounts for, and each
 * customer's history (read through the API, every page) adding up to their balance. Answers the
 * problems found (empty when all holds), so one run reports all of them at once.
 */

type Row = Record<string, unknown>;

async function query(world: World, text: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await world.t.deps.database.db.execute(text)) as unknown as { rows: Row[] };
  return result.rows;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b).join(',');

/**
 * Ogdams documents no status lookup: what it "says" of an order is what its webhook said, which
 * for an order it recorded is where the scenario ends; one it never recorded (noReply) gets no
 * event and stays pending until an admin decides.
 */
function ogdamsWebhookSays(scenario: Parameters<typeof scenarioFinal>[0]): Final | 'pending' {
  const final = scenarioFinal(scenario);
  return scenario === 'noReply' || final === 'open' ? 'pending' : final;
}

/**
 * Whether a supplier can tell us with authority that an order of this scenario failed
 * (decision 0018). Ogdams documents no lookup; Safe Haven's lookup takes only its own id (a
 * pay reply that never came, or a 500, left none) and documents no status but "successful";
 * only VTpass's requery by our id answers "never received" (noReply) with authority.
 */
function lookupCanFail(supplier: string, scenario: Parameters<typeof scenarioFinal>[0]): boolean {
  if (supplier === 'ogdams') return false;
  if (supplier === 'safehaven') return scenario === 'failed';
  if (scenario === 'noReply') return supplier === 'vtpass';
  return true;
}

interface HistoryItem {
  _id: string;
  type: 'debit' | 'credit';
  serviceType: string;
  amount: number;
  status: string;
  metadata: Record<string, unknown> | null;
}

/** The customer's whole history, page by page, as the app reads it. */
async function fullHistory(world: World, token: string): Promise<HistoryItem[]> {
  const items: HistoryItem[] = [];
  for (let page = 1; ; page += 1) {
    const res = await world.t.request({
      method: 'GET',
      url: `/api/transactions?limit=${HISTORY_MAX_PAGE_SIZE}&page=${page}`,
      token,
    });
    if (res.statusCode !== 200) throw new Error(`history page ${page}: ${res.body}`);
    const body = res.json() as { transactions: HistoryItem[]; pagination: { pages: number } };
    items.push(...body.transactions);
    if (page >= body.pagination.pages) return items;
  }
}

/**
 * What a history item does to the wallet, by the same rule as invariants.ts: a bank payout of
 * airtime to cash is informational (decision 0010); failed rows moved nothing in the end.
 */
function visibleKobo(item: HistoryItem): number {
  if (item.serviceType === 'airtime-to-cash' && item.metadata?.payoutMethod === 'bank') return 0;
  const kobo = Math.round(item.amount * 100);
  if (item.type === 'credit') return item.status === 'success' ? kobo : 0;
  return item.status === 'success' || item.status === 'pending' ? -kobo : 0;
}

export async function compareWithModel(world: World, model: Model): Promise<string[]> {
  const problems: string[] = [];
  const say = (text: string) => problems.push(text);
  const userIndex = new Map(world.users.map((u, i) => [u.id, i]));

  for (const u of model.unexpected) say(`unexpected reply: ${JSON.stringify(u)}`);

  // Orders: every purchase row is one the replies named, and it ends where the supplier (asked
  // now, past every settle time) or an admin's 200 says.
  const orders = await query(
    world,
    sql`select p.transaction_id as id, p.state, p.user_id, p.supplier,
               p.supplier_request_id as request_id, p.supplier_reference as provider_ref,
               p.request, p.last_description as why, p.attempts,
               t.status, t.amount_kobo::int as kobo
        from purchases p join transactions t on t.id = p.transaction_id`,
  );
  const finals = new Map<string, Final | 'open'>();
  const seen = new Set<string>();
  for (const row of orders) {
    const id = String(row.id);
    seen.add(id);
    const order = model.orders.get(id);
    if (!order) {
      say(`order ${id} (${String(row.state)}) exists but no reply named it`);
      continue;
    }
    // A reply that was definite (200 delivered, 422 failed) is what the supplier said of it;
    // else its lookup (or, for Ogdams, its webhook) is asked.
    const supplierSays = order.replies.includes(422)
      ? ('failed' as const)
      : order.replies.includes(200)
        ? ('delivered' as const)
        : row.supplier === 'ogdams'
          ? ogdamsWebhookSays(order.scenario)
          : (
              await requerySupplier(world.t.deps.providers, {
                supplier: row.supplier as PurchaseRow['supplier'],
                supplierRequestId: String(row.request_id),
                supplierReference: row.provider_ref === null ? null : String(row.provider_ref),
                request: row.request as Record<string, unknown>,
              })
            ).status;
    if (
      lookupCanFail(String(row.supplier), order.scenario) &&
      scenarioFinal(order.scenario) === 'failed' &&
      supplierSays !== 'failed'
    ) {
      say(`order ${id} ${order.route}/${order.scenario}: the supplier says ${supplierSays}`);
    }
    const expected = model.expectedFinal(order, supplierSays);
    finals.set(id, expected);
    if (row.state !== expected) {
      say(
        `order ${id} ${order.route}/${order.scenario} is ${String(row.state)}, expected ${expected}` +
          ` (supplier ${supplierSays}, replies ${order.replies.join('/')},` +
          ` refunded ${order.refunded}; ${String(row.supplier)} ${String(row.request_id)}` +
          ` after ${String(row.attempts)} requeries: "${String(row.why)}")`,
      );
    }
    if (Number(row.kobo) !== order.priceKobo) say(`order ${id} costs ${String(row.kobo)}`);
    if (userIndex.get(String(row.user_id)) !== order.user) say(`order ${id} has another owner`);
    for (const status of order.replies) {
      const consistent =
        status === 202 ||
        (status === 200 && row.state === 'delivered') ||
        (status === 422 && row.state === 'failed');
      if (!consistent) say(`order ${id} answered ${status} but is ${String(row.state)}`);
    }
    // A supplier's immediate answer is never contradicted by the reply (it may be late: 202).
    if (order.scenario === 'delivered' && order.replies.some((s) => s === 422)) {
      say(`order ${id} (delivered at once) answered ${order.replies.join('/')}`);
    }
    if (scenarioFinal(order.scenario) === 'failed' && order.replies.some((s) => s === 200)) {
      say(`order ${id} (${order.scenario}) answered ${order.replies.join('/')}`);
    }
  }
  for (const id of model.orders.keys())
    if (!seen.has(id)) say(`order ${id} was answered, not kept`);

  // Reversals: one credit per admin reverse that answered 200, none other.
  const reversals = await query(
    world,
    sql`select transaction_id as id, count(*)::int as n from order_actions
        where action = 'reverse' group by transaction_id`,
  );
  const reversedInDb = new Map(reversals.map((r) => [String(r.id), Number(r.n)]));
  for (const order of model.orders.values()) {
    if ((reversedInDb.get(order.id) ?? 0) !== order.reversals) {
      say(
        `order ${order.id}: ${reversedInDb.get(order.id) ?? 0} reversals, ${order.reversals} 200s`,
      );
    }
  }

  // Transfers: exactly the ones that answered 200.
  const transfers = await query(
    world,
    sql`select debit_transaction_id as id, amount_kobo::int as kobo from wallet_transfers`,
  );
  const transferIds = new Set(transfers.map((r) => String(r.id)));
  if (transferIds.size !== model.transfers.size) {
    say(`${transferIds.size} transfers in the database, ${model.transfers.size} answered 200`);
  }
  for (const row of transfers) {
    const expected = model.transfers.get(String(row.id));
    if (!expected) say(`transfer ${String(row.id)} moved money but no reply said so`);
    else if (expected.kobo !== Number(row.kobo)) say(`transfer ${String(row.id)} amount differs`);
  }

  // Deposits: each accepted bank transfer credited once, for what was paid.
  const credits = await query(
    world,
    sql`select user_id, amount_kobo::int as kobo from transactions where service_type = 'deposit'`,
  );
  world.users.forEach((u, i) => {
    const inDb = credits.filter((c) => c.user_id === u.id).map((c) => Number(c.kobo));
    const paid = model.deposits.filter((d) => d.user === i).map((d) => d.kobo);
    if (sorted(inDb) !== sorted(paid)) {
      say(`user ${i} deposits credited [${sorted(inDb)}], paid in [${sorted(paid)}]`);
    }
  });

  // Swaps: completed exactly when a completing admin action answered 200, once.
  const swaps = await query(world, sql`select swap_id, status from airtime_swaps`);
  for (const row of swaps) {
    const expected = model.swaps.get(String(row.swap_id));
    if (!expected) {
      say(`swap ${String(row.swap_id)} exists but no reply created it`);
      continue;
    }
    if (expected.completed > 1) say(`swap ${String(row.swap_id)} completed twice`);
    if ((row.status === 'COMPLETED') !== expected.completed > 0) {
      say(
        `swap ${String(row.swap_id)} is ${String(row.status)}, completions ${expected.completed}`,
      );
    }
  }

  // Nothing left open.
  const open = orders.filter((r) => r.state === 'processing' || r.state === 'pending');
  if (open.length > 0) say(`${open.length} orders still open after settling`);

  // Balances: the API's, the model's, and the history's (every page, through the API).
  const expected = model.expectedBalances(world.startKobo, finals);
  for (const [i, u] of world.users.entries()) {
    const actual = await balanceKobo(world.t, u.token);
    if (actual !== expected[i]) {
      say(`user ${i} balance ${actual}, the replies imply ${expected[i]}`);
    }
    const history = await fullHistory(world, u.token);
    const fromHistory = history.reduce((sum, item) => sum + visibleKobo(item), 0);
    if (fromHistory !== actual)
      say(`user ${i} history adds up to ${fromHistory}, balance ${actual}`);
    const [count] = await query(
      world,
      sql`select count(*)::int as n from transactions where user_id = ${u.id}`,
    );
    if (
      Number(count?.n) !== history.length ||
      new Set(history.map((h) => h._id)).size !== history.length
    ) {
      say(`user ${i} history lists ${history.length} rows, the database holds ${String(count?.n)}`);
    }
  }
  return problems;
}
