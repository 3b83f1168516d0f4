-- The settlement as the previous release calls it, kept until no node of that release is left
-- (decision 0083; a later release drops it with a migration): the same twelve arguments, and the
-- whole history row as it now is (to_jsonb of the row) or NULL when the order was resolved
-- already, as its code reads it. The settlement itself is owo_order_settle's, which answers only
-- what the settlement changed; this reads the row back, a cost only those nodes pay.
-- p_reply_status, p_reply_body: a reply of the caller's own, stored on the key instead of marking
-- it to answer from the order (what the release before decision 0079 passed, decision 0079).
CREATE OR REPLACE FUNCTION owo_purchase_settle(
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
  whole jsonb;
BEGIN
  IF owo_order_settle(p_id, p_state, p_supplier_reference, p_description, p_answer, p_now,
                      p_extra, p_shard, p_alert,
                      CASE WHEN p_reply_body IS NULL THEN p_key END) IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT to_jsonb(t) INTO whole FROM transactions t WHERE t.id = p_id;
  IF p_key IS NOT NULL AND p_reply_body IS NOT NULL THEN
    UPDATE idempotency_keys SET response_status = p_reply_status, response_body = p_reply_body
     WHERE user_id = (whole->>'user_id')::uuid AND key = p_key;
  END IF;
  RETURN whole;
END
$$;
