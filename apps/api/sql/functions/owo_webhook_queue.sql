-- Queues the signed notice of an API order's final outcome (decision 0089), in the caller's
-- transaction: owo_order_settle calls it for delivered and failed, the reversal
-- (admin-transactions/reversal.ts) for reversed. Nothing is queued for an app order (no key) or
-- for a key without a webhook URL; an outcome is queued once (unique per order and event). The
-- body is fixed here, as the reseller will read it: the order as it stands after the outcome,
-- amounts in naira as JSON numbers (the app's replies' convention), times in ISO 8601 UTC.
-- p_now: the outcome's time on the app's clock (the schedule and the 24-hour window count from it).
CREATE OR REPLACE FUNCTION owo_webhook_queue(p_id uuid, p_event text, p_now timestamptz)
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  delivery uuid := gen_random_uuid();
  iso text := 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
BEGIN
  IF p_event IS NULL OR p_event NOT IN ('purchase.delivered', 'purchase.failed', 'purchase.reversed') THEN
    RAISE EXCEPTION 'invalid_event' USING ERRCODE = 'invalid_parameter_value', DETAIL = p_event;
  END IF;
  INSERT INTO webhook_deliveries (id, api_key_id, user_id, transaction_id, event, body, state,
                                  next_attempt_at, created_at, updated_at)
  SELECT delivery, k.id, p.user_id, p.transaction_id, p_event,
         jsonb_build_object(
           'id', delivery,
           'event', p_event,
           'createdAt', to_char(p_now AT TIME ZONE 'UTC', iso),
           'data', jsonb_build_object(
             'reference', t.reference,
             'clientReference', p.client_reference,
             -- The order's status in the requery's words (GET /api/v1/purchases/{reference}).
             'status', CASE p_event WHEN 'purchase.delivered' THEN 'success'
                                    WHEN 'purchase.failed' THEN 'failed' ELSE 'reversed' END,
             'product', p.product,
             'amount', trim_scale(t.amount_kobo::numeric / 100),
             'description', t.description,
             'token', t.metadata->>'token',
             'units', t.metadata->>'units',
             'createdAt', to_char(t.created_at AT TIME ZONE 'UTC', iso),
             'updatedAt', to_char(p_now AT TIME ZONE 'UTC', iso)))::text,
         'pending', p_now, p_now, p_now
    FROM purchases p
    JOIN api_keys k ON k.id = p.api_key_id
    JOIN transactions t ON t.id = p.transaction_id
   WHERE p.transaction_id = p_id AND k.webhook_url IS NOT NULL
  ON CONFLICT (transaction_id, event) DO NOTHING;
END
$$;
