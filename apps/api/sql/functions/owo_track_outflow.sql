-- The daily limit's running total (decision 0040), the trigger function of transactions'
-- transactions_outflow_insert/_update/_delete (migration 0014). A debit counts while it is
-- pending or successful, operator debits (service_type 'adjustment') never: the same rule the sum
-- over the day's rows applied, kept per row change, whichever code path writes it.
CREATE OR REPLACE FUNCTION owo_track_outflow() RETURNS trigger
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
