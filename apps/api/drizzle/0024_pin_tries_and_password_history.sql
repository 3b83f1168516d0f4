-- owo_check_pin as migration 0018 wrote it (same checks, writes and lock), its refusals now also
-- telling the customer where they stand (decision 0058): a wrong PIN carries `attemptsLeft`, a
-- lock carries `lockedUntil` (ISO 8601). owo_purchase_reserve and owo_transfer return the refusal
-- as they get it, so both pick the fields up unchanged.
CREATE OR REPLACE FUNCTION owo_check_pin(
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
  locked_until timestamptz;
BEGIN
  SELECT pin_hash, pin_failed_attempts, pin_locked_until, is_kyc_verified INTO u
    FROM users WHERE id = p_user FOR NO KEY UPDATE;
  IF NOT FOUND OR u.pin_hash IS NULL THEN
    refusal := jsonb_build_object('outcome', 'pin_not_set');
    RETURN;
  END IF;
  IF u.pin_locked_until IS NOT NULL AND u.pin_locked_until >= p_now THEN
    refusal := jsonb_build_object('outcome', 'pin_locked', 'lockedUntil',
                                  to_jsonb(u.pin_locked_until));
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
    locked_until := CASE WHEN failures >= p_pin_max
                         THEN p_now + p_pin_lock_ms * interval '1 millisecond' END;
    UPDATE users SET pin_failed_attempts = failures, pin_locked_until = locked_until
     WHERE id = p_user;
    IF locked_until IS NOT NULL THEN
      refusal := jsonb_build_object('outcome', 'pin_locked', 'lockedUntil', to_jsonb(locked_until));
    ELSE
      refusal := jsonb_build_object('outcome', 'pin_incorrect', 'attemptsLeft', p_pin_max - failures);
    END IF;
    RETURN;
  END IF;
  IF u.pin_failed_attempts <> 0 OR u.pin_locked_until IS NOT NULL THEN
    UPDATE users SET pin_failed_attempts = 0, pin_locked_until = NULL WHERE id = p_user;
  END IF;
  verified := u.is_kyc_verified;
END
$$;
--> statement-breakpoint
-- The passwords an account had before its current one (decision 0059): a reset or a change may
-- not bring back the current password or the last PASSWORD_HISTORY_KEPT (4). argon2id hashes, as
-- users.password_hash; older rows are pruned when a new one is written.
CREATE TABLE password_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX password_history_user_created_idx ON password_history (user_id, created_at);
