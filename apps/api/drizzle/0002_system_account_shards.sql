-- Every purchase moves money through in_flight, revenue and a supplier float. One row each made
-- those rows the queue every purchase waited in; each now has 8 shards (the original row is shard
-- 0), chosen per purchase. Reports sum an account over its kind. See docs/decisions/0007.
INSERT INTO "ledger_accounts" ("kind", "code")
SELECT base.kind, base.code || '#' || n
FROM (VALUES
  ('supplier_float', 'float:vtpass'),
  ('supplier_float', 'float:datastation'),
  ('supplier_float', 'float:ogdams'),
  ('in_flight', 'in_flight'),
  ('revenue', 'revenue')
) AS base(kind, code)
CROSS JOIN generate_series(1, 7) AS n
ON CONFLICT DO NOTHING;
