-- The ledger's one write, for the database functions and the TypeScript callers alike
-- (ledger/ledger.ts calls it; decision 0075): each account's net change is one conditional
-- UPDATE, user wallets first (they are the ones that can refuse), then the shared system accounts
-- in id order, so hot rows are locked last, briefly and always in the same order. A wallet without
-- the funds raises 'insufficient_funds' and the whole statement (the caller's business rows too)
-- rolls back.
-- Checked (decision 0072): each transfer moves a positive amount between two accounts
-- ('invalid_transfer'; the SQLSTATE is the one the ledger_transfers CHECKs would give, only after
-- the balances moved); after the updates, the balances moved by 0 kobo in all and one row was
-- updated per account whose balance the call changes (an account that does not exist trips one
-- of the two).
-- p_transfers: [{ "debit": uuid, "credit": uuid, "amount_kobo": kobo, "code": text,
--                 "transaction": uuid }]
CREATE OR REPLACE FUNCTION owo_ledger_apply(p_transfers jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  changed integer;
  touched integer := 0;
  updated integer := 0;
  moved bigint := 0;
BEGIN
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p_transfers) t
              WHERE coalesce((t->>'amount_kobo')::bigint, 0) <= 0
                 OR (t->>'debit') IS NULL OR (t->>'credit') IS NULL
                 OR (t->>'debit')::uuid = (t->>'credit')::uuid) THEN
    RAISE EXCEPTION 'invalid_transfer' USING ERRCODE = 'check_violation', DETAIL = p_transfers::text;
  END IF;
  FOR r IN
    SELECT n.account_id, a.id, n.delta
      FROM (
        SELECT account_id, sum(delta) AS delta
          FROM (
            SELECT (t->>'debit')::uuid AS account_id, -(t->>'amount_kobo')::bigint AS delta
              FROM jsonb_array_elements(p_transfers) t
            UNION ALL
            SELECT (t->>'credit')::uuid, (t->>'amount_kobo')::bigint
              FROM jsonb_array_elements(p_transfers) t
          ) moves
         GROUP BY account_id
      ) n
      LEFT JOIN ledger_accounts a ON a.id = n.account_id
     WHERE n.delta <> 0
     ORDER BY (a.kind <> 'user_wallet'), n.account_id
  LOOP
    touched := touched + 1;
    -- No such account: nothing to update, and the checks after the loop refuse the call.
    CONTINUE WHEN r.id IS NULL;
    UPDATE ledger_accounts
       SET balance_kobo = balance_kobo + r.delta, updated_at = now()
     WHERE id = r.id AND (kind <> 'user_wallet' OR balance_kobo + r.delta >= 0);
    GET DIAGNOSTICS changed = ROW_COUNT;
    IF changed = 0 THEN
      RAISE EXCEPTION 'insufficient_funds' USING ERRCODE = 'P0001', DETAIL = r.id::text;
    END IF;
    updated := updated + changed;
    moved := moved + r.delta;
  END LOOP;
  ASSERT moved = 0,
    format('owo_ledger_apply: the balances moved by %s kobo in all, not 0', moved);
  ASSERT updated = touched,
    format('owo_ledger_apply: %s rows updated for the %s accounts the transfers change',
           updated, touched);
  INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount_kobo, code, transaction_id)
  SELECT gen_random_uuid(), (t->>'debit')::uuid, (t->>'credit')::uuid, (t->>'amount_kobo')::bigint,
         t->>'code', (t->>'transaction')::uuid
    FROM jsonb_array_elements(p_transfers) t;
END
$$;
