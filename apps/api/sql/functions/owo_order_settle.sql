-- A purchase's settlement in one statement: the order moves from processing or pending to its
-- terminal state (the state condition makes one resolver win, here as in the reconciler), the
-- history row takes its status and what the supplier gave (token, units), a notice is written
-- for an order the customer was told is pending, an operator alert when the refusal carries one,
-- an API order's webhook is queued (owo_webhook_queue, decision 0089), the paying request's
-- idempotency key is marked to answer from this order (a replay builds its reply from the row, as
-- the paying request does from what is returned here), and the ledger
-- posts (in-flight → supplier float and revenue) or voids (in-flight → wallet). Answers what the
-- settlement changed on the history row, {status, metadata} as stored (the caller wrote every
-- other field the reply shows itself, in the reserve), or NULL when the order was resolved
-- already. owo_purchase_settle answers the whole row for nodes of the previous release.
-- The history row's update is meant to be HOT (decision 0083): it changes status, metadata and
-- updated_at, and no index of transactions may cover status or updated_at (search_text, which
-- reads metadata, stays as it was unless p_extra names a searched number, which it never does).
-- p_shard: the shard (0-7) of the order's system accounts, from its id (ledger.ts shardCode).
-- Checked (decision 0072): p_state is a terminal state, before anything is written; the history
-- row the order names was there to update (without it the caller would read "resolved already"
-- for an order it has just settled).
CREATE OR REPLACE FUNCTION owo_order_settle(
  p_id uuid,
  p_state text,
  p_supplier_reference text,
  p_description text,
  p_answer jsonb,
  p_now timestamptz,
  p_extra jsonb,
  p_shard integer,
  p_alert text,
  p_key text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  p record;
  settled_status text;
  settled_metadata jsonb;
  suffix text := CASE WHEN p_shard = 0 THEN '' ELSE '#' || p_shard END;
  in_flight uuid;
  other uuid;
  revenue uuid;
  margin bigint;
  moves jsonb;
BEGIN
  IF p_state IS NULL OR p_state NOT IN ('delivered', 'failed') THEN
    RAISE EXCEPTION 'invalid_state' USING ERRCODE = 'invalid_parameter_value', DETAIL = p_state;
  END IF;
  SELECT transaction_id, user_id, supplier, state, attempts, selling_kobo, cost_kobo, api_key_id
    INTO p
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
  RETURNING status, metadata INTO settled_status, settled_metadata;
  ASSERT settled_status IS NOT NULL,
    format('owo_order_settle: order %s has no history row to settle', p_id);
  IF p.api_key_id IS NOT NULL THEN
    -- An API order's outcome is queued for its reseller's webhook here, with the history row as
    -- just settled (token, units); the post itself is the webhook job's, later (decision 0089).
    PERFORM owo_webhook_queue(p_id, 'purchase.' || p_state, p_now);
  END IF;
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET answered_by_order = true
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
      'debit', in_flight, 'credit', other, 'amount_kobo', p.cost_kobo, 'code', 'purchase_cost',
      'transaction', p_id));
    IF margin > 0 THEN
      moves := moves || jsonb_build_object('debit', in_flight, 'credit', revenue, 'amount_kobo', margin,
                                           'code', 'purchase_margin', 'transaction', p_id);
    ELSIF margin < 0 THEN
      -- Sold below cost (a price set too low): revenue carries the loss.
      moves := moves || jsonb_build_object('debit', revenue, 'credit', in_flight, 'amount_kobo', -margin,
                                           'code', 'purchase_margin_loss', 'transaction', p_id);
    END IF;
  ELSE
    SELECT id INTO other FROM ledger_accounts WHERE user_id = p.user_id AND kind = 'user_wallet';
    IF in_flight IS NULL OR other IS NULL THEN
      RAISE EXCEPTION 'account missing to void order %', p_id;
    END IF;
    moves := jsonb_build_array(jsonb_build_object(
      'debit', in_flight, 'credit', other, 'amount_kobo', p.selling_kobo, 'code', 'purchase_void',
      'transaction', p_id));
  END IF;
  -- Last: the shared system rows stay locked only from here to the commit.
  PERFORM owo_ledger_apply(moves);
  RETURN jsonb_build_object('status', settled_status, 'metadata', settled_metadata);
END
$$;
