import type pg from 'pg';

/**
 * Set-based SQL the benches seed history with (generate_series, one statement per table): users
 * with their wallets, purchases' orders from their history rows, and the ledger transfers each
 * purchase and deposit writes. The admin analytics seed (analytics.ts) and the scale seed
 * (scale-seed.ts) share it. Every statement inserts into the tables by name, so it does not
 * depend on how a table is stored (a partitioned parent takes the same inserts).
 */

/** The purchase products (service_type) that have an order in `purchases`. */
export const PURCHASE_PRODUCTS = ['airtime', 'data', 'cable', 'electricity', 'betting'];

/**
 * `users` customers (email bench.<prefix>.<n>@example.com, phone 0803 + n) and a wallet each, and
 * a temporary table bench_users (n 1…users, user_id, wallet_id) the later statements join on.
 */
export async function insertUsersWithWallets(
  client: pg.Client,
  options: { users: number; prefix: string; createdWithinDays: number },
) {
  await client.query(
    `insert into users (email, first_name, last_name, phone_number, is_verified, created_at,
                        updated_at)
     select 'bench.' || $2 || '.' || g || '@example.com', 'Bench', 'User' || g,
            '0803' || lpad((g % 10000000)::text, 7, '0'), true,
            now() - (random() * $3::int * interval '1 day'), now()
     from generate_series(1, $1::int) g`,
    [options.users, options.prefix, options.createdWithinDays],
  );
  await client.query(
    `insert into ledger_accounts (kind, user_id, balance_kobo)
     select 'user_wallet', id, 0 from users
     where not exists (select 1 from ledger_accounts a
                       where a.user_id = users.id and a.kind = 'user_wallet')`,
  );
  await client.query(
    `create temporary table bench_users as
     select row_number() over (order by u.created_at, u.id) as n, u.id as user_id,
            a.id as wallet_id
     from users u join ledger_accounts a on a.user_id = u.id and a.kind = 'user_wallet'
     where u.email like 'bench.' || $1 || '.%'`,
    [options.prefix],
  );
  await client.query(`create index on bench_users (n)`);
  await client.query(`create index on bench_users (user_id)`);
  await client.query(`analyze bench_users`);
}

/**
 * The system accounts by shard (migrations 0002 and 0029: shard 0 is the bare code, shard n
 * `code#n`), as arrays indexed 1 + shard, in a temporary table bench_sys.
 */
export async function systemAccountShards(client: pg.Client) {
  const shards = (code: string) =>
    `array_agg(id order by code) filter (where code = '${code}' or code like '${code}#%')`;
  await client.query(`create temporary table bench_sys as
     select ${shards('in_flight')} as in_flight, ${shards('revenue')} as revenue,
            ${shards('float:vtpass')} as float_vtpass, ${shards('float:palmpay')} as float_palmpay,
            ${shards('outside')} as outside,
            (array_agg(id) filter (where code = 'asset:airtime'))[1] as asset
     from ledger_accounts where kind <> 'user_wallet'`);
}

/**
 * An order for every purchase's history row (betting at PalmPay, the rest at VTpass), the cost
 * 4% under the selling price; the order's state follows the row's status.
 */
export async function insertPurchaseOrders(client: pg.Client) {
  await client.query(
    `insert into purchases (transaction_id, user_id, product, supplier, state, request,
                            supplier_request_id, selling_kobo, cost_kobo, created_at, updated_at,
                            resolved_at)
     select id, user_id, service_type,
            case when service_type = 'betting' then 'palmpay' else 'vtpass' end,
            case status when 'success' then 'delivered' when 'failed' then 'failed'
                        else 'pending' end,
            '{}'::jsonb, reference, amount_kobo, amount_kobo - amount_kobo / 25,
            created_at, created_at, case when status = 'pending' then null else created_at end
     from transactions
     where service_type = any ($1::text[]) and reference like $2`,
    [PURCHASE_PRODUCTS, 'BENCH-%'],
  );
}

/**
 * What the app's reserve and settle write (owo_purchase_reserve, owo_purchase_settle): wallet →
 * in flight for every order; then in flight → the supplier's float (cost) and revenue (margin)
 * when delivered, or in flight → wallet when failed; pending orders stay in flight. One shard per
 * order (from its id) for all its system accounts, as the app picks one.
 */
export async function insertPurchaseTransfers(client: pg.Client) {
  await client.query(
    `insert into ledger_transfers (id, debit_account_id, credit_account_id, amount_kobo, code,
                                   transaction_id, created_at)
     select gen_random_uuid(), x.debit, x.credit, x.amount, x.code, p.transaction_id, p.created_at
     from purchases p
     join ledger_accounts w on w.user_id = p.user_id and w.kind = 'user_wallet'
     cross join bench_sys s
     cross join lateral (select 1 + abs(hashtext(p.transaction_id::text)) % 8 as i) k
     cross join lateral (values
       (w.id, s.in_flight[k.i], p.selling_kobo, 'purchase_reserve', true),
       (s.in_flight[k.i],
        case when p.supplier = 'palmpay' then s.float_palmpay[k.i] else s.float_vtpass[k.i] end,
        p.cost_kobo, 'purchase_cost', p.state = 'delivered'),
       (s.in_flight[k.i], s.revenue[k.i], p.selling_kobo - p.cost_kobo, 'purchase_margin',
        p.state = 'delivered'),
       (s.in_flight[k.i], w.id, p.selling_kobo, 'purchase_void', p.state = 'failed')
     ) as x(debit, credit, amount, code, wanted)
     where x.wanted and p.supplier_request_id like $1`,
    ['BENCH-%'],
  );
}

/** A successful deposit's credit: outside (a shard by the row's id) → the wallet. */
export async function insertDepositTransfers(client: pg.Client) {
  await client.query(
    `insert into ledger_transfers (id, debit_account_id, credit_account_id, amount_kobo, code,
                                   transaction_id, created_at)
     select gen_random_uuid(), s.outside[1 + abs(hashtext(t.id::text)) % 8], w.id, t.amount_kobo,
            'deposit', t.id, t.created_at
     from transactions t
     join ledger_accounts w on w.user_id = t.user_id and w.kind = 'user_wallet'
     cross join bench_sys s
     where t.service_type = 'deposit' and t.status = 'success' and t.reference like $1`,
    ['BENCH-%'],
  );
}
