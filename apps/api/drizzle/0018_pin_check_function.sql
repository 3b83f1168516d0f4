-- The transaction PIN's check, written once for the functions that move money (it was spelled
-- out in both owo_purchase_reserve and owo_transfer). It locks the user's row (FOR NO KEY UPDATE,
-- held to the caller's commit, so one user's checks queue and parallel guesses cannot pass the
-- limit), then refuses a missing PIN, a lock still running, a PIN stored before keyed digests, or
-- a wrong digest (counting it, and locking at p_pin_max); a right one clears the count.
-- Answers refusal: NULL when the PIN is right, else what the caller returns
-- ({"outcome": "pin_not_set" | "pin_locked" | "pin_legacy" | "pin_incorrect"}); and, when it is
-- right, verified: whether the user is KYC-verified, read under the same lock (the daily limit
-- depends on it).
CREATE FUNCTION owo_check_pin(
  p_user uuid,
  p_now timestamptz,
  p_pin_digest text,
  p_pin_max integer,
  p_pin_lock_ms bigint,
  OUT refusal jsonb,
  OUT verified boolean
)
LANGUAGE plpgsql AS $$
DECLARE
  u record;
  failures integer;
BEGIN
  SELECT pin_hash, pin_failed_attempts, pin_locked_until, is_kyc_verified INTO u
    FROM users WHERE id = p_user FOR NO KEY UPDATE;
  IF NOT FOUND OR u.pin_hash IS NULL THEN
    refusal := jsonb_build_object('outcome', 'pin_not_set');
    RETURN;
  END IF;
  IF u.pin_locked_until IS NOT NULL AND u.pin_locked_until >= p_now THEN
    refusal := jsonb_build_object('outcome', 'pin_locked');
    RETURN;
  END IF;
  IF left(u.pin_hash, 12) <> 'hmac-sha256$' THEN
    -- Stored before PINs became keyed digests: the API checks it the old way first.
    refusal := jsonb_build_object('outcome', 'pin_legacy');
    RETURN;
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
    RETURN;
  END IF;
  IF u.pin_failed_attempts <> 0 OR u.pin_locked_until IS NOT NULL THEN
    UPDATE users SET pin_failed_attempts = 0, pin_locked_until = NULL WHERE id = p_user;
  END IF;
  verified := u.is_kyc_verified;
END
$$;
--> statement-breakpoint
-- The purchase's reserve as migration 0014 wrote it, with the PIN check now owo_check_pin's (the
-- same checks, writes and lock, at the same point: after the shutdown switches).
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
  w record;
  amount bigint := (p_order->>'amount')::bigint;
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

    SELECT * INTO pin FROM owo_check_pin(p_user, p_now, p_pin_digest, p_pin_max, p_pin_lock_ms);
    IF pin.refusal IS NOT NULL THEN
      refusal := pin.refusal;
      EXIT checks;
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
    day_limit := CASE WHEN pin.verified THEN p_limit_verified ELSE p_limit_unverified END;
    IF spent + amount > day_limit THEN
      refusal := jsonb_build_object('outcome', 'limit', 'spent', spent, 'limit', day_limit,
                                    'verified', pin.verified);
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
-- The transfer as migration 0016 wrote it, with the PIN check now owo_check_pin's (the same
-- checks, writes and lock, at the same point: first after the key, before the recipient).
CREATE OR REPLACE FUNCTION owo_transfer(
  p_user uuid,
  p_key text,
  p_hash text,
  p_now timestamptz,
  p_pin_digest text,
  p_pin_max integer,
  p_pin_lock_ms bigint,
  p_recipient uuid,
  p_amount bigint,
  p_limit_unverified bigint,
  p_limit_verified bigint,
  p_cap_unverified bigint,
  p_cap_verified bigint,
  p_rows jsonb,
  p_reply_status integer,
  p_reply_body jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  pin record;
  w record;
  sender_wallet uuid;
  sender_balance bigint;
  recipient_wallet uuid;
  recipient_balance bigint;
  recipient_verified boolean;
  recipient_cap bigint;
  debit_id uuid := (p_rows->'debit'->>'id')::uuid;
  spent bigint;
  day_limit bigint;
  refusal jsonb;
BEGIN
  IF p_key IS NOT NULL THEN
    -- A key names its debit row; with no recipient there is none to name (the key is freed below).
    INSERT INTO idempotency_keys (user_id, key, request_hash, transaction_id)
    VALUES (p_user, p_key, p_hash, debit_id)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RETURN jsonb_build_object('outcome', 'key_taken');
    END IF;
  END IF;

  <<checks>>
  BEGIN
    SELECT * INTO pin FROM owo_check_pin(p_user, p_now, p_pin_digest, p_pin_max, p_pin_lock_ms);
    IF pin.refusal IS NOT NULL THEN
      refusal := pin.refusal;
      EXIT checks;
    END IF;

    IF p_recipient IS NULL THEN
      refusal := jsonb_build_object('outcome', 'recipient_not_found');
      EXIT checks;
    END IF;
    IF p_recipient = p_user THEN
      refusal := jsonb_build_object('outcome', 'self');
      EXIT checks;
    END IF;

    -- Both wallets, locked as the rows come, in id order.
    FOR w IN
      SELECT a.id, a.user_id, a.balance_kobo, o.is_kyc_verified
        FROM ledger_accounts a
        JOIN users o ON o.id = a.user_id
       WHERE a.kind = 'user_wallet' AND a.user_id IN (p_user, p_recipient)
       ORDER BY a.id
         FOR UPDATE OF a
    LOOP
      IF w.user_id = p_user THEN
        sender_wallet := w.id;
        sender_balance := w.balance_kobo;
      ELSE
        recipient_wallet := w.id;
        recipient_balance := w.balance_kobo;
        recipient_verified := w.is_kyc_verified;
      END IF;
    END LOOP;
    IF sender_wallet IS NULL OR recipient_wallet IS NULL THEN
      refusal := jsonb_build_object('outcome', 'no_wallet');
      EXIT checks;
    END IF;

    SELECT total_kobo INTO spent
      FROM daily_outflows WHERE user_id = p_user AND day = owo_lagos_day(p_now);
    spent := coalesce(spent, 0);
    day_limit := CASE WHEN pin.verified THEN p_limit_verified ELSE p_limit_unverified END;
    IF spent + p_amount > day_limit THEN
      refusal := jsonb_build_object('outcome', 'limit', 'spent', spent, 'limit', day_limit,
                                    'verified', pin.verified);
      EXIT checks;
    END IF;
    IF sender_balance < p_amount THEN
      refusal := jsonb_build_object('outcome', 'insufficient_funds');
      EXIT checks;
    END IF;
    -- The money has not left yet, so a transfer past the recipient's cap is refused rather than
    -- kept and flagged (decision 0011). The recipient's figures are not disclosed.
    recipient_cap := CASE WHEN recipient_verified THEN p_cap_verified ELSE p_cap_unverified END;
    IF recipient_balance + p_amount > recipient_cap THEN
      refusal := jsonb_build_object('outcome', 'recipient_cap');
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
  VALUES (debit_id, p_user, 'debit', 'transfer', p_amount, 'success',
          p_rows->'debit'->>'reference', p_rows->'debit'->>'description',
          p_rows->'debit'->'metadata', p_now, p_now),
         ((p_rows->'credit'->>'id')::uuid, p_recipient, 'credit', 'transfer', p_amount, 'success',
          p_rows->'credit'->>'reference', p_rows->'credit'->>'description',
          p_rows->'credit'->'metadata', p_now, p_now);
  INSERT INTO wallet_transfers (sender_id, recipient_id, amount_kobo, note, debit_transaction_id,
                                credit_transaction_id, created_at)
  VALUES (p_user, p_recipient, p_amount, p_rows->>'note', debit_id,
          (p_rows->'credit'->>'id')::uuid, p_now);
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = p_reply_status, response_body = p_reply_body
     WHERE user_id = p_user AND key = p_key;
  END IF;
  PERFORM owo_ledger_apply(jsonb_build_array(jsonb_build_object(
    'debit', sender_wallet, 'credit', recipient_wallet, 'amount', p_amount, 'code', 'wallet_transfer',
    'transaction', debit_id)));
  RETURN jsonb_build_object('outcome', 'ok');
END
$$;
