-- Live updates (decision 0074): the trigger function behind every NOTIFY owo_user '<user id>'.
-- Each API process LISTENs once and re-reads the pulse of the streams it holds for that user.
-- NOTIFY is delivered at commit, never for a rolled-back change, and identical ones in one
-- transaction fold into one. The triggers that call it are created by migration 0026.
CREATE OR REPLACE FUNCTION owo_notify_user() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('owo_user', NEW.user_id::text);
  RETURN NULL;
END
$$;
