import type pg from 'pg';
import {
  insertDepositTransfers,
  insertPurchaseOrders,
  insertPurchaseTransfers,
  insertUsersWithWallets,
  systemAccountShards,
} from './ledger-seed';

/**
 * The scale bench's history (`npm run bench -- --scale`): N transactions over the last 90 days
 * for N / 25 customers (400,000 at 10 million), a few heavy users among them, with their orders
 * and every ledger transfer, written set-based. Unlike the analytics seed this is a valid ledger:
 * every customer has an opening deposit that covers what they spent, balances are the sums of
 * their transfers, and each day's running outflow is the sum of that day's debits, so the full
 * audit (ledger/invariants.ts) passes on it.
 *
 * Mix: purchases 85% (airtime, data, cable, electricity, betting, with the metadata the app
 * writes), deposits 15%; 6% of purchases failed (voided), pending (in flight) only in the last
 * day. Wallet transfers and airtime-to-cash are left out: their rows (wallet_transfers,
 * airtime_swaps) are checked against their transfers and would need seeding too.
 *
 * Speed: the load runs with session_replication_role = replica (no row triggers, no foreign-key
 * checks per row), so the day's running totals (the transactions trigger's work) are written in
 * one statement afterwards and the audit proves them; the secondary indexes of the three big
 * tables are dropped before the load and built again from their own definitions after it (only
 * on plain tables: on a partitioned one they stay, because rebuilding on the parent would name
 * its partitions' indexes anew).
 */

export const SCALE_DAYS = 90;
/** Customers with a far larger share of the history (2% of it between them). */
export const HEAVY_USERS = 10;
const HEAVY_EVERY = 50;

/** The numbers a heavy user buys airtime and data for. */
export const HEAVY_PHONES = ['08031234567', '08039876543', '07061112222', '09015556666'];

const BIG_TABLES = ['transactions', 'purchases', 'ledger_transfers'];

export interface ScaleSeedResult {
  transactions: number;
  users: number;
  ledgerTransfers: number;
  /** Seconds by step. */
  steps: { step: string; seconds: number }[];
  /** The indexes dropped and built again. */
  rebuiltIndexes: string[];
}

/** Each step timed and logged. */
function stepper(log: (message: string) => void) {
  const steps: { step: string; seconds: number }[] = [];
  return {
    steps,
    async run<T>(step: string, fn: () => Promise<T>): Promise<T> {
      const started = performance.now();
      log(`scale seed: ${step}…`);
      const result = await fn();
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      steps.push({ step, seconds });
      log(`scale seed: ${step} took ${seconds}s`);
      return result;
    },
  };
}

/** The secondary indexes of the plain big tables: no primary key, none behind a constraint. */
async function droppableIndexes(client: pg.Client) {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
       join pg_class t on t.oid = i.indrelid
      where t.relname = any ($1::text[]) and t.relkind = 'r'
        and t.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by 1`,
    [BIG_TABLES],
  );
  return rows;
}

export async function seedScale(
  client: pg.Client,
  options: { transactions: number; log: (message: string) => void },
): Promise<ScaleSeedResult> {
  const total = options.transactions;
  const users = Math.max(HEAVY_USERS + 10, Math.round(total / 25));
  // Every customer's opening deposit is one of the N rows; the rest is the mix.
  const mixed = total - users;
  if (mixed <= 0) throw new Error(`--scale-rows ${total} is too few for ${users} customers`);
  const step = stepper(options.log);

  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query(`set work_mem = '256MB'`);
  // Each statement runs once over millions of rows: compiling it costs more than it saves.
  await client.query(`set jit = off`);
  const indexes = await droppableIndexes(client);
  await step.run(`dropping ${indexes.length} secondary indexes`, async () => {
    for (const index of indexes) await client.query(`drop index ${index.name}`);
  });
  await client.query(`set session_replication_role = replica`);

  await step.run(`${users.toLocaleString('en-NG')} customers with wallets`, () =>
    insertUsersWithWallets(client, { users, prefix: 'scale', createdWithinDays: 400 }),
  );
  await systemAccountShards(client);

  // Row g: every 50th to one of the heavy users (n 1…10), the rest spread over the others.
  await step.run(`${mixed.toLocaleString('en-NG')} history rows (the mix)`, () =>
    client.query(
      `insert into transactions (id, user_id, type, service_type, amount_kobo, status, reference,
                                 description, metadata, created_at, updated_at)
       select gen_random_uuid(), bu.user_id,
              case when s.kind = 'deposit' then 'credit' else 'debit' end, s.kind, s.amount,
              s.status, 'BENCH-' || s.g,
              case s.kind
                when 'airtime' then s.network || ' Airtime'
                when 'data' then s.network || ' Data ' || (1 + s.g % 10) || 'GB'
                when 'cable' then 'DSTV Compact'
                when 'electricity' then 'Ikeja Electric Prepaid'
                when 'betting' then 'Bet9ja funding'
                else 'Wallet funding' end,
              case
                when s.kind in ('airtime', 'data') then
                  jsonb_build_object('network', s.network, 'phone', s.phone,
                                     'mobile_number', s.phone)
                when s.kind = 'electricity' then
                  jsonb_build_object('meter_number', '4500' || lpad((s.un % 9999999)::text, 7, '0'),
                                     'phone', s.phone)
                when s.kind = 'cable' then
                  jsonb_build_object('smart_card_number',
                                     '70' || lpad((s.un % 99999999)::text, 8, '0'),
                                     'phone', s.phone)
                when s.kind = 'deposit' then
                  jsonb_build_object('channel', case when s.g % 2 = 0 then 'bank_transfer'
                                                     else 'virtual_account' end)
                else '{}'::jsonb end,
              s.at, s.at
       from (
         select g, at, un,
                case when r < 0.28 then 'airtime' when r < 0.58 then 'data'
                     when r < 0.67 then 'cable' when r < 0.76 then 'electricity'
                     when r < 0.85 then 'betting' else 'deposit' end as kind,
                (array[100, 200, 500, 1000, 1500, 2000, 2500, 5000, 10000])
                  [1 + floor(random() * 9)::int]::bigint * 100 as amount,
                case when r >= 0.85 then (case when random() < 0.02 then 'failed' else 'success' end)
                     when at > now() - interval '1 day' and random() < 0.05 then 'pending'
                     when random() < 0.06 then 'failed' else 'success' end as status,
                (array['MTN', 'GLO', 'AIRTEL', '9MOBILE'])[1 + g % 4] as network,
                case when un <= $3::int then ($4::text[])[1 + g % cardinality($4::text[])]
                     else '0803' || lpad((un % 10000000)::text, 7, '0') end as phone
         from (select g, random() as r, now() - random() * $5::int * interval '1 day' as at,
                      case when g % $6::int = 0 then 1 + (g / $6::int) % $3::int
                           else $3::int + 1 + (g::bigint * 7919) % ($2::int - $3::int) end as un
               from generate_series(1, $1::int) g) x
       ) s
       join bench_users bu on bu.n = s.un`,
      [mixed, users, HEAVY_USERS, HEAVY_PHONES, SCALE_DAYS, HEAVY_EVERY],
    ),
  );
  // What each customer spent (debits pending or successful) less what their deposits brought,
  // plus ₦5,000–₦55,000 left over: the day before the window, so every balance ends >= 0.
  await step.run('opening deposits', () =>
    client.query(
      `insert into transactions (id, user_id, type, service_type, amount_kobo, status, reference,
                                 description, metadata, created_at, updated_at)
       select gen_random_uuid(), bu.user_id, 'credit', 'deposit',
              greatest(coalesce(x.spent, 0), 0) + 500000 + (bu.n * 7919) % 5000000, 'success',
              'BENCH-OPEN-' || bu.n, 'Wallet funding', '{"channel": "bank_transfer"}'::jsonb,
              now() - ($1::int + 1) * interval '1 day', now() - ($1::int + 1) * interval '1 day'
       from bench_users bu
       left join (
         select user_id,
                sum(case when type = 'debit' and status in ('pending', 'success') then amount_kobo
                         when type = 'credit' and status = 'success' then -amount_kobo
                         else 0 end) as spent
         from transactions where reference like 'BENCH-%' group by user_id
       ) x on x.user_id = bu.user_id`,
      [SCALE_DAYS],
    ),
  );
  await step.run('orders', () => insertPurchaseOrders(client));
  await step.run('purchase transfers', () => insertPurchaseTransfers(client));
  await step.run('deposit transfers', () => insertDepositTransfers(client));
  // The transactions trigger's running totals (owo_track_outflow), for the rows loaded without it.
  await step.run("each day's running outflow", () =>
    client.query(
      `insert into daily_outflows (user_id, day, total_kobo)
       select user_id, owo_lagos_day(created_at), sum(amount_kobo) from transactions
       where type = 'debit' and service_type <> 'adjustment' and status in ('pending', 'success')
       group by 1, 2
       on conflict (user_id, day) do update set total_kobo = excluded.total_kobo`,
    ),
  );
  // Every balance is the sum of its transfers (what owo_ledger_apply keeps as it writes them).
  await step.run('balances from the transfers', () =>
    client.query(
      `update ledger_accounts a set balance_kobo = j.total
       from (select id, sum(delta) as total from (
               select credit_account_id as id, amount_kobo as delta from ledger_transfers
               union all
               select debit_account_id, -amount_kobo from ledger_transfers) m
             group by id) j
       where a.id = j.id and a.balance_kobo <> j.total`,
    ),
  );
  await client.query(`set session_replication_role = origin`);
  await step.run(`building the ${indexes.length} indexes again`, async () => {
    for (const index of indexes) await client.query(index.definition);
  });
  // As autovacuum would have it: statistics, and a visibility map for index-only scans.
  await step.run('vacuum analyze', () => client.query(`vacuum analyze`));

  const count = async (table: string) =>
    Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n);
  return {
    transactions: await count('transactions'),
    users,
    ledgerTransfers: await count('ledger_transfers'),
    steps: step.steps,
    rebuiltIndexes: indexes.map((i) => i.name),
  };
}
