-- A purchase's reserve in one statement (decision 0040): claim the idempotency key, check the
-- shutdown switches, the PIN (owo_check_pin: under the user's row lock, counting a wrong one),
-- the daily limit (the running total, under the wallet's row lock) and the balance, then write
-- the order, its history row and wallet → in-flight. Every refusal is decided before any business
-- row is written; it removes the key it claimed, and keeps only a wrong PIN's count. Answers
-- {"outcome": "ok" | "key_taken" | "service_off" | "pin_not_set" | "pin_legacy" | "pin_locked"
--  | "pin_incorrect" | "limit" | "insufficient_funds" | "no_wallet", ...}.
-- Checked (decision 0072): the amount is positive, before anything is written (the SQLSTATE is
-- the one the transactions CHECK would give); after the history row, the day's running total
-- moved by at least the amount and stays within the limit (the trigger counted the order).
-- The order's sums are amountKobo and costKobo; `amount` and `cost`, the names the release before
-- decision 0072 sends, are read when those are absent, and a limit refusal answers spentKobo and
-- limitKobo next to the `spent` and `limit` it reads (so its nodes keep working while a rolling
-- replacement runs): both old names go once no node of that release is left.
-- The order's price tier (decision 0090) is priceTier; a node from before tiers sends none, and
-- its orders are 'standard' (its customers paid the standard price).
-- An API order (decision 0087) passes no PIN digest (NULL) and names its key in the order
-- (apiKeyId, clientReference): the key replaces the PIN only while it is live, holds the purchase
-- scope and belongs to this active user, read under the user's row lock as the PIN is, and only
-- for a verified wallet ("key_refused", "not_verified"). The app's routes always pass a digest.
-- When the order names keyPurchasesPerMinute, the key's orders of the last minute are counted
-- under the same lock (decision 0088): at the limit it answers {"outcome": "key_rate", "retryAt"}
-- (when the oldest of the key's last `limit` orders leaves the minute), exact however many
-- processes serve the key.
CREATE OR REPLACE FUNCTION owo_purchase_reserve(
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
  pin record;
  is_verified boolean;
  per_minute integer := (p_order->>'keyPurchasesPerMinute')::integer;
  nth_newest timestamptz;
  w record;
  amount bigint := coalesce(p_order->>'amountKobo', p_order->>'amount')::bigint;
  spent bigint;
  day_limit bigint;
  counted bigint;
  refusal jsonb;
BEGIN
  IF amount IS NULL OR amount <= 0 THEN
    RAISE EXCEPTION 'invalid_amount' USING ERRCODE = 'check_violation', DETAIL = p_order::text;
  END IF;
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

    IF p_pin_digest IS NULL THEN
      SELECT u.is_kyc_verified INTO is_verified
        FROM users u JOIN api_keys k ON k.user_id = u.id
       WHERE u.id = p_user AND u.status = 'active'
         AND k.id = (p_order->>'apiKeyId')::uuid AND k.revoked_at IS NULL
         AND 'purchase' = ANY (k.scopes)
         FOR NO KEY UPDATE OF u;
      IF NOT FOUND THEN
        refusal := jsonb_build_object('outcome', 'key_refused');
        EXIT checks;
      END IF;
      IF NOT is_verified THEN
        refusal := jsonb_build_object('outcome', 'not_verified');
        EXIT checks;
      END IF;
      IF per_minute IS NOT NULL THEN
        SELECT created_at INTO nth_newest FROM purchases
         WHERE api_key_id = (p_order->>'apiKeyId')::uuid
           AND created_at > p_now - interval '1 minute'
         ORDER BY created_at DESC
        OFFSET per_minute - 1 LIMIT 1;
        IF FOUND THEN
          refusal := jsonb_build_object('outcome', 'key_rate',
                                        'retryAt', to_jsonb(nth_newest + interval '1 minute'));
          EXIT checks;
        END IF;
      END IF;
    ELSE
      SELECT * INTO pin FROM owo_check_pin(p_user, p_now, p_pin_digest, p_pin_max, p_pin_lock_ms);
      IF pin.refusal IS NOT NULL THEN
        refusal := pin.refusal;
        EXIT checks;
      END IF;
      is_verified := pin.verified;
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
    day_limit := CASE WHEN is_verified THEN p_limit_verified ELSE p_limit_unverified END;
    IF spent + amount > day_limit THEN
      refusal := jsonb_build_object('outcome', 'limit', 'spentKobo', spent,
                                    'limitKobo', day_limit, 'verified', is_verified,
                                    'spent', spent, 'limit', day_limit);
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
                         last_description, api_key_id, client_reference, price_tier, created_at,
                         updated_at)
  VALUES (p_id, p_user, p_order->>'product', p_order->>'supplier', 'processing',
          p_order->'request', p_order->>'reference', amount, coalesce(p_order->>'costKobo', p_order->>'cost')::bigint, 0,
          (p_order->>'nextCheckAt')::timestamptz, '', (p_order->>'apiKeyId')::uuid,
          p_order->>'clientReference', coalesce(p_order->>'priceTier', 'standard'), p_now, p_now);
  -- At least: another debit of this user's may have been counted since it was read (it queues
  -- on the day's row); within the limit either way.
  SELECT total_kobo INTO counted
    FROM daily_outflows WHERE user_id = p_user AND day = owo_lagos_day(p_now);
  ASSERT counted >= spent + amount AND counted <= day_limit,
    format('owo_purchase_reserve: the running total is %s after %s + %s kobo (limit %s)',
           coalesce(counted::text, 'missing'), spent, amount, day_limit);
  PERFORM owo_ledger_apply(jsonb_build_array(jsonb_build_object(
    'debit', w.id, 'credit', p_in_flight, 'amount_kobo', amount, 'code', 'purchase_reserve',
    'transaction', p_id)));
  RETURN jsonb_build_object('outcome', 'ok');
END
$$;
