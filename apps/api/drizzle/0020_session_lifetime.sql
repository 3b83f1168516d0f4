-- Sessions end 12 hours after sign-in (decision 0049): live sessions opened under the old
-- 7-day lifetime are brought under the new one, so no token issued before this change outlives it.
UPDATE "sessions"
SET "expires_at" = "created_at" + interval '12 hours'
WHERE "revoked_at" IS NULL
  AND "expires_at" > "created_at" + interval '12 hours';
