-- The transaction PIN's check, written once for the functions that move money (decision 0069).
-- It locks the user's row (FOR NO KEY UPDATE, held to the caller's commit, so one user's checks
-- queue and parallel guesses cannot pass the limit), then refuses a missing PIN, a lock still
-- running, a PIN stored before keyed digests, or a wrong digest (counting it, and locking at
-- p_pin_max); a right one clears the count. Answers refusal: NULL when the PIN is right, else
-- what the caller returns: {"outcome": "pin_not_set" | "pin_legacy"}, {"outcome": "pin_locked",
-- "lockedUntil": ISO 8601} or {"outcome": "pin_incorrect", "attemptsLeft": n} (decision 0058);
-- and, when it is right, verified: whether the user is KYC-verified, read under the same lock
-- (the daily limit depends on it).
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
