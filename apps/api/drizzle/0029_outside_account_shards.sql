-- Every deposit credits a wallet from the one "outside" account: at a thousand times today's
-- deposits that row would be the queue they all wait in, as in_flight and revenue were for
-- purchases (0002). It gets the same 8 shards; a deposit's credit row picks its shard
-- (ledger.ts shardCode), payouts to a bank stay on shard 0. Reports sum an account over its kind.
INSERT INTO "ledger_accounts" ("kind", "code")
SELECT 'outside', 'outside#' || n
FROM generate_series(1, 7) AS n
ON CONFLICT DO NOTHING;
