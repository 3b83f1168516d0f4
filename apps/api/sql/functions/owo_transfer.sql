-- A wallet transfer in one statement (decision 0040, "Transfers"; decision 0067): claim the
-- idempotency key, check the PIN (owo_check_pin: under the sender's row lock, counting a wrong
-- one), name the recipient (the API looked them up and passes NULL for nobody), refuse a transfer
-- to oneself, lock both wallets in id order (the order owo_ledger_apply updates them
-- in, so A→B and B→A queue instead of deadlocking), check the sender's daily limit, the balance
-- and the recipient's balance cap, then write both history rows, the wallet_transfers row, the
-- key's reply and wallet → wallet. Every refusal is decided before any business row is written;
-- it removes the key it claimed, and keeps only a wrong PIN's count.
-- The refusals come in the order the customer has always heard them: the PIN first (its answer
-- is the same whoever the recipient is, so it cannot tell which e-mails have an account), the
-- recipient, oneself, the limit, the funds, the recipient's cap.
-- p_rows: { "debit": {id, reference, description, metadata}, "credit": {…}, "note": text },
-- NULL when there is no recipient. Answers {"outcome": "ok" | "key_taken" | "pin_not_set"
-- | "pin_legacy" | "pin_locked" | "pin_incorrect" | "recipient_not_found" | "self" | "no_wallet"
-- | "limit" | "insufficient_funds" | "recipient_cap", ...}.
-- Checked (decision 0072): the amount is positive, before anything is written (the SQLSTATE is
-- the one the transactions and wallet_transfers CHECKs would give); after the history rows, the
-- sender's running total moved by at least the amount and stays within the limit.
-- A limit refusal answers spentKobo and limitKobo, and `spent` and `limit` too for the nodes of
-- the release before decision 0072 while a rolling replacement runs (gone once none is left).
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
  counted bigint;
  refusal jsonb;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'invalid_amount' USING ERRCODE = 'check_violation', DETAIL = p_amount::text;
  END IF;
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
      refusal := jsonb_build_object('outcome', 'limit', 'spentKobo', spent,
                                    'limitKobo', day_limit, 'verified', pin.verified,
                                    'spent', spent, 'limit', day_limit);
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
  -- At least: another debit of the sender's may have been counted since it was read (it queues
  -- on the day's row); within the limit either way.
  SELECT total_kobo INTO counted
    FROM daily_outflows WHERE user_id = p_user AND day = owo_lagos_day(p_now);
  ASSERT counted >= spent + p_amount AND counted <= day_limit,
    format('owo_transfer: the running total is %s after %s + %s kobo (limit %s)',
           coalesce(counted::text, 'missing'), spent, p_amount, day_limit);
  INSERT INTO wallet_transfers (sender_id, recipient_id, amount_kobo, note, debit_transaction_id,
                                credit_transaction_id, created_at)
  VALUES (p_user, p_recipient, p_amount, p_rows->>'note', debit_id,
          (p_rows->'credit'->>'id')::uuid, p_now);
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = p_reply_status, response_body = p_reply_body
     WHERE user_id = p_user AND key = p_key;
  END IF;
  PERFORM owo_ledger_apply(jsonb_build_array(jsonb_build_object(
    'debit', sender_wallet, 'credit', recipient_wallet, 'amount_kobo', p_amount, 'code', 'wallet_transfer',
    'transaction', debit_id)));
  RETURN jsonb_build_object('outcome', 'ok');
END
$$;
