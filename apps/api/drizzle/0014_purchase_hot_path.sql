CREATE TABLE "daily_outflows" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"total_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_outflows_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "daily_outflows" ADD CONSTRAINT "daily_outflows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The Lagos calendar day of an instant: Lagos keeps UTC+1 all year (no daylight saving).
CREATE FUNCTION owo_lagos_day(at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((at AT TIME ZONE 'UTC') + interval '1 hour')::date
$$;
--> statement-breakpoint
-- The daily limit's running total (decision 0040). A debit counts while it is pending or
-- successful, operator debits (service_type 'adjustment') never: the same rule the sum over the
-- day's rows applied, kept per row change, whichever code path writes it.
CREATE FUNCTION owo_track_outflow() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A change that leaves the count as it was (pending → success) writes nothing: the day's row
  -- is locked only by debits that move the total.
  IF TG_OP = 'UPDATE'
     AND (OLD.type = 'debit' AND OLD.service_type <> 'adjustment'
          AND OLD.status IN ('pending', 'success'))
       = (NEW.type = 'debit' AND NEW.service_type <> 'adjustment'
          AND NEW.status IN ('pending', 'success'))
     AND OLD.user_id = NEW.user_id AND OLD.amount_kobo = NEW.amount_kobo
     AND owo_lagos_day(OLD.created_at) = owo_lagos_day(NEW.created_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF OLD.type = 'debit' AND OLD.service_type <> 'adjustment'
       AND OLD.status IN ('pending', 'success') THEN
      UPDATE daily_outflows SET total_kobo = total_kobo - OLD.amount_kobo
       WHERE user_id = OLD.user_id AND day = owo_lagos_day(OLD.created_at);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.type = 'debit' AND NEW.service_type <> 'adjustment'
       AND NEW.status IN ('pending', 'success') THEN
      INSERT INTO daily_outflows AS d (user_id, day, total_kobo)
      VALUES (NEW.user_id, owo_lagos_day(NEW.created_at), NEW.amount_kobo)
      ON CONFLICT (user_id, day) DO UPDATE SET total_kobo = d.total_kobo + EXCLUDED.total_kobo;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_outflow_insert AFTER INSERT ON transactions
FOR EACH ROW EXECUTE FUNCTION owo_track_outflow();
--> statement-breakpoint
CREATE TRIGGER transactions_outflow_update AFTER UPDATE ON transactions
FOR EACH ROW WHEN (
  OLD.status IS DISTINCT FROM NEW.status OR OLD.amount_kobo IS DISTINCT FROM NEW.amount_kobo
  OR OLD.type IS DISTINCT FROM NEW.type OR OLD.service_type IS DISTINCT FROM NEW.service_type
  OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
) EXECUTE FUNCTION owo_track_outflow();
--> statement-breakpoint
CREATE TRIGGER transactions_outflow_delete AFTER DELETE ON transactions
FOR EACH ROW EXECUTE FUNCTION owo_track_outflow();
--> statement-breakpoint
INSERT INTO daily_outflows (user_id, day, total_kobo)
SELECT user_id, owo_lagos_day(created_at), sum(amount_kobo)
  FROM transactions
 WHERE type = 'debit' AND service_type <> 'adjustment' AND status IN ('pending', 'success')
 GROUP BY 1, 2;
--> statement-breakpoint
-- The purchase's key is claimed first, before the order it names exists (the reserve below
-- writes both in one statement): the foreign key is checked at commit.
ALTER TABLE idempotency_keys
  ALTER CONSTRAINT idempotency_keys_transaction_id_transactions_id_fk DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
-- The ledger's one write (ledger/ledger.ts keeps the same rules for the TypeScript callers):
-- each account's net change is one conditional UPDATE, user wallets first (they are the ones that
-- can refuse), then the shared system accounts in id order, so hot rows are locked last, briefly
-- and always in the same order. A wallet without the funds raises 'insufficient_funds' and the
-- whole statement (the caller's business rows too) rolls back.
-- p_transfers: [{ "debit": uuid, "credit": uuid, "amount": kobo, "code": text, "transaction": uuid }]
CREATE FUNCTION owo_ledger_apply(p_transfers jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT a.id, n.delta
      FROM (
        SELECT account_id, sum(delta) AS delta
          FROM (
            SELECT (t->>'debit')::uuid AS account_id, -(t->>'amount')::bigint AS delta
              FROM jsonb_array_elements(p_transfers) t
            UNION ALL
            SELECT (t->>'credit')::uuid, (t->>'amount')::bigint
              FROM jsonb_array_elements(p_transfers) t
          ) moves
         GROUP BY account_id
      ) n
      JOIN ledger_accounts a ON a.id = n.account_id
     WHERE n.delta <> 0
     ORDER BY (a.kind <> 'user_wallet'), a.id
  LOOP
    UPDATE ledger_accounts
       SET balance_kobo = balance_kobo + r.delta, updated_at = now()
     WHERE id = r.id AND (kind <> 'user_wallet' OR balance_kobo + r.delta >= 0);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'insufficient_funds' USING ERRCODE = 'P0001', DETAIL = r.id::text;
    END IF;
  END LOOP;
  INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount_kobo, code, transaction_id)
  SELECT gen_random_uuid(), (t->>'debit')::uuid, (t->>'credit')::uuid, (t->>'amount')::bigint,
         t->>'code', (t->>'transaction')::uuid
    FROM jsonb_array_elements(p_transfers) t;
END
$$;
--> statement-breakpoint
-- A purchase's reserve in one statement (decision 0040): claim the idempotency key, check the
-- shutdown switches, the PIN (under the user's row lock, counting a wrong one), the daily limit
-- (the running total, under the wallet's row lock) and the balance, then write the order, its
-- history row and wallet → in-flight. Every refusal is decided before any business row is
-- written; it removes the key it claimed, and keeps only a wrong PIN's count. Answers
-- {"outcome": "ok" | "key_taken" | "service_off" | "pin_not_set" | "pin_legacy" | "pin_locked"
--  | "pin_incorrect" | "limit" | "insufficient_funds" | "no_wallet", ...}.
CREATE FUNCTION owo_purchase_reserve(
  p_user uuid,
  p_key text,
  p_hash text,
  p_id uuid,
  p_now timestamptz,
  p_switches text[],
  p_pin_digest text,
  p_pin_max integer,
  p_pin_lock_ms bigint,
  p_limit_unverified bigint,
  p_limit_verified bigint,
  p_in_flight uuid,
  p_order jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  u record;
  w record;
  amount bigint := (p_order->>'amount')::bigint;
  failures integer;
  spent bigint;
  day_limit bigint;
  refusal jsonb;
BEGIN
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash, transaction_id)
    VALUES (p_user, p_key, p_hash, p_id)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RETURN jsonb_build_object('outcome', 'key_taken');
    END IF;
  END IF;

  <<checks>>
  BEGIN
    IF EXISTS (SELECT 1 FROM service_switches
                WHERE service = ANY (p_switches) AND shutdown_until > p_now) THEN
      refusal := jsonb_build_object('outcome', 'service_off');
      EXIT checks;
    END IF;

    SELECT pin_hash, pin_failed_attempts, pin_locked_until, is_kyc_verified INTO u
      FROM users WHERE id = p_user FOR NO KEY UPDATE;
    IF NOT FOUND OR u.pin_hash IS NULL THEN
      refusal := jsonb_build_object('outcome', 'pin_not_set');
      EXIT checks;
    END IF;
    IF u.pin_locked_until IS NOT NULL AND u.pin_locked_until >= p_now THEN
      refusal := jsonb_build_object('outcome', 'pin_locked');
      EXIT checks;
    END IF;
    IF left(u.pin_hash, 12) <> 'hmac-sha256$' THEN
      -- Stored before PINs became keyed digests: the API checks it the old way first.
      refusal := jsonb_build_object('outcome', 'pin_legacy');
      EXIT checks;
    END IF;
    IF u.pin_hash <> p_pin_digest THEN
      -- A lock that has run out starts the count again.
      failures := (CASE WHEN u.pin_locked_until IS NULL THEN u.pin_failed_attempts ELSE 0 END) + 1;
      UPDATE users
         SET pin_failed_attempts = failures,
             pin_locked_until = CASE WHEN failures >= p_pin_max
                                     THEN p_now + p_pin_lock_ms * interval '1 millisecond' END
       WHERE id = p_user;
      refusal := jsonb_build_object(
        'outcome', CASE WHEN failures >= p_pin_max THEN 'pin_locked' ELSE 'pin_incorrect' END);
      EXIT checks;
    END IF;
    IF u.pin_failed_attempts <> 0 OR u.pin_locked_until IS NOT NULL THEN
      UPDATE users SET pin_failed_attempts = 0, pin_locked_until = NULL WHERE id = p_user;
    END IF;

    SELECT id, balance_kobo INTO w
      FROM ledger_accounts WHERE user_id = p_user AND kind = 'user_wallet' FOR UPDATE;
    IF NOT FOUND THEN
      refusal := jsonb_build_object('outcome', 'no_wallet');
      EXIT checks;
    END IF;
    SELECT total_kobo INTO spent
      FROM daily_outflows WHERE user_id = p_user AND day = owo_lagos_day(p_now);
    spent := coalesce(spent, 0);
    day_limit := CASE WHEN u.is_kyc_verified THEN p_limit_verified ELSE p_limit_unverified END;
    IF spent + amount > day_limit THEN
      refusal := jsonb_build_object('outcome', 'limit', 'spent', spent, 'limit', day_limit,
                                    'verified', u.is_kyc_verified);
      EXIT checks;
    END IF;
    IF w.balance_kobo < amount THEN
      refusal := jsonb_build_object('outcome', 'insufficient_funds');
      EXIT checks;
    END IF;
  END checks;

  IF refusal IS NOT NULL THEN
    IF p_key IS NOT NULL THEN
      DELETE FROM idempotency_keys WHERE user_id = p_user AND key = p_key;
    END IF;
    RETURN refusal;
  END IF;

  INSERT INTO transactions (id, user_id, type, service_type, amount_kobo, status, reference,
                            description, metadata, created_at, updated_at)
  VALUES (p_id, p_user, 'debit', p_order->>'serviceType', amount, 'pending', p_order->>'reference',
          p_order->>'description', p_order->'metadata', p_now, p_now);
  INSERT INTO purchases (transaction_id, user_id, product, supplier, state, request,
                         supplier_request_id, selling_kobo, cost_kobo, attempts, next_check_at,
                         last_description, created_at, updated_at)
  VALUES (p_id, p_user, p_order->>'product', p_order->>'supplier', 'processing',
          p_order->'request', p_order->>'reference', amount, (p_order->>'cost')::bigint, 0,
          (p_order->>'nextCheckAt')::timestamptz, '', p_now, p_now);
  PERFORM owo_ledger_apply(jsonb_build_array(jsonb_build_object(
    'debit', w.id, 'credit', p_in_flight, 'amount', amount, 'code', 'purchase_reserve',
    'transaction', p_id)));
  RETURN jsonb_build_object('outcome', 'ok');
END
$$;
--> statement-breakpoint
-- A purchase's settlement in one statement: the order moves from processing or pending to its
-- terminal state (the state condition makes one resolver win, here as in the reconciler), the
-- history row takes its status and what the supplier gave (token, units), a notice is written
-- for an order the customer was told is pending, an operator alert when the refusal carries one,
-- the idempotency key's reply is kept, and the ledger posts (in-flight → supplier float and
-- revenue) or voids (in-flight → wallet). Answers the history row as it now is, or NULL when the
-- order was resolved already.
-- p_shard: the shard (0-7) of the order's system accounts, from its id (ledger.ts shardCode).
CREATE FUNCTION owo_purchase_settle(
  p_id uuid,
  p_state text,
  p_supplier_reference text,
  p_description text,
  p_answer jsonb,
  p_now timestamptz,
  p_extra jsonb,
  p_shard integer,
  p_alert text,
  p_key text,
  p_reply_status integer,
  p_reply_body jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  p record;
  t record;
  suffix text := CASE WHEN p_shard = 0 THEN '' ELSE '#' || p_shard END;
  in_flight uuid;
  other uuid;
  revenue uuid;
  margin bigint;
  moves jsonb;
BEGIN
  SELECT transaction_id, user_id, supplier, state, attempts, selling_kobo, cost_kobo INTO p
    FROM purchases
   WHERE transaction_id = p_id AND state IN ('processing', 'pending')
     FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  UPDATE purchases
     SET state = p_state,
         supplier_reference = coalesce(p_supplier_reference, supplier_reference),
         last_description = p_description,
         last_answer = p_answer,
         resolved_at = p_now,
         lease_until = NULL,
         next_check_at = NULL,
         updated_at = now()
   WHERE transaction_id = p_id;
  IF p.state = 'pending' OR p.attempts > 0 THEN
    INSERT INTO settled_order_notices (transaction_id, user_id, outcome, created_at)
    VALUES (p_id, p.user_id, p_state, p_now)
    ON CONFLICT DO NOTHING;
  END IF;
  IF p_state = 'failed' THEN
    -- The wallet before the history row: a refund lowers the day's running total (the trigger
    -- on transactions), and the reserve takes the wallet and then that total; the same order
    -- here means the two queue instead of deadlocking.
    PERFORM 1 FROM ledger_accounts WHERE user_id = p.user_id AND kind = 'user_wallet' FOR UPDATE;
  END IF;
  IF p_alert IS NOT NULL THEN
    INSERT INTO operator_alerts (supplier, message, transaction_id, detail, created_at)
    VALUES (p.supplier, p_alert, p_id, p_description, p_now);
  END IF;
  UPDATE transactions
     SET status = CASE WHEN p_state = 'delivered' THEN 'success' ELSE 'failed' END,
         metadata = metadata || p_extra,
         updated_at = now()
   WHERE id = p_id
  RETURNING * INTO t;
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = p_reply_status, response_body = p_reply_body
     WHERE user_id = p.user_id AND key = p_key;
  END IF;

  SELECT id INTO in_flight FROM ledger_accounts WHERE code = 'in_flight' || suffix;
  IF p_state = 'delivered' THEN
    SELECT id INTO other FROM ledger_accounts WHERE code = 'float:' || p.supplier || suffix;
    SELECT id INTO revenue FROM ledger_accounts WHERE code = 'revenue' || suffix;
    IF in_flight IS NULL OR other IS NULL OR revenue IS NULL THEN
      RAISE EXCEPTION 'system account missing for shard %', p_shard;
    END IF;
    margin := p.selling_kobo - p.cost_kobo;
    moves := jsonb_build_array(jsonb_build_object(
      'debit', in_flight, 'credit', other, 'amount', p.cost_kobo, 'code', 'purchase_cost',
      'transaction', p_id));
    IF margin > 0 THEN
      moves := moves || jsonb_build_object('debit', in_flight, 'credit', revenue, 'amount', margin,
                                           'code', 'purchase_margin', 'transaction', p_id);
    ELSIF margin < 0 THEN
      -- Sold below cost (a price set too low): revenue carries the loss.
      moves := moves || jsonb_build_object('debit', revenue, 'credit', in_flight, 'amount', -margin,
                                           'code', 'purchase_margin_loss', 'transaction', p_id);
    END IF;
  ELSE
    SELECT id INTO other FROM ledger_accounts WHERE user_id = p.user_id AND kind = 'user_wallet';
    IF in_flight IS NULL OR other IS NULL THEN
      RAISE EXCEPTION 'account missing to void order %', p_id;
    END IF;
    moves := jsonb_build_array(jsonb_build_object(
      'debit', in_flight, 'credit', other, 'amount', p.selling_kobo, 'code', 'purchase_void',
      'transaction', p_id));
  END IF;
  -- Last: the shared system rows stay locked only from here to the commit.
  PERFORM owo_ledger_apply(moves);
  RETURN to_jsonb(t);
END
$$;
