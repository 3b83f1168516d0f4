-- Issue 4 and 5 system accounts: the PalmPay and Safe Haven floats (sharded like the other
-- floats, see 0002) and the airtime received through airtime-to-cash swaps, an asset.
INSERT INTO "ledger_accounts" ("kind", "code") VALUES
  ('supplier_float', 'float:palmpay'),
  ('supplier_float', 'float:safehaven'),
  ('airtime_asset', 'asset:airtime')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "ledger_accounts" ("kind", "code")
SELECT 'supplier_float', base.code || '#' || n
FROM (VALUES ('float:palmpay'), ('float:safehaven')) AS base(code)
CROSS JOIN generate_series(1, 7) AS n
ON CONFLICT DO NOTHING;
