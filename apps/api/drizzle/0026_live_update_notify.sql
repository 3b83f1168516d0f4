-- Live updates pushed, not polled (decision 0074): a change that moves what a customer's pulse
-- says (balance, unread notices, read mark, money on its way) or ends their session sends
-- NOTIFY owo_user '<user id>'. Each API process LISTENs once and re-reads the pulse for the
-- streams it holds of that user. NOTIFY is delivered at commit (never for a rolled-back change)
-- and identical ones in one transaction are folded into one, so a transfer that moves a wallet
-- twice still notifies once.
CREATE FUNCTION owo_notify_user() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('owo_user', NEW.user_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A wallet's balance: every credit and debit of a customer (system accounts have no user).
CREATE TRIGGER ledger_accounts_notify_user AFTER UPDATE OF balance_kobo ON ledger_accounts
FOR EACH ROW WHEN (NEW.kind = 'user_wallet' AND OLD.balance_kobo IS DISTINCT FROM NEW.balance_kobo)
EXECUTE FUNCTION owo_notify_user();
--> statement-breakpoint
-- An order settling moves no wallet money when it is delivered (the reserve already did): its
-- status is what changes `awaiting`.
CREATE TRIGGER transactions_notify_user AFTER UPDATE OF status ON transactions
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
EXECUTE FUNCTION owo_notify_user();
--> statement-breakpoint
-- A pending order told later that it settled: a notice of its own.
CREATE TRIGGER settled_order_notices_notify_user AFTER INSERT ON settled_order_notices
FOR EACH ROW EXECUTE FUNCTION owo_notify_user();
--> statement-breakpoint
-- Notices marked read (on any of the customer's devices).
CREATE TRIGGER notification_marks_notify_user AFTER INSERT OR UPDATE OF read_up_to
ON notification_marks
FOR EACH ROW EXECUTE FUNCTION owo_notify_user();
--> statement-breakpoint
-- A swap paid to a bank account or rejected moves no wallet money, yet is a notice.
CREATE TRIGGER airtime_swaps_notify_user AFTER UPDATE OF status ON airtime_swaps
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
                   AND NEW.status IN ('COMPLETED', 'REJECTED'))
EXECUTE FUNCTION owo_notify_user();
--> statement-breakpoint
-- A checkout opened or closed: money on its way, or no longer.
CREATE TRIGGER deposits_notify_user_insert AFTER INSERT ON deposits
FOR EACH ROW EXECUTE FUNCTION owo_notify_user();
--> statement-breakpoint
CREATE TRIGGER deposits_notify_user_update AFTER UPDATE OF status ON deposits
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
EXECUTE FUNCTION owo_notify_user();
--> statement-breakpoint
-- A sign-out (or a password change ending every session): the streams of that session end.
CREATE TRIGGER sessions_notify_user AFTER UPDATE OF revoked_at ON sessions
FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
EXECUTE FUNCTION owo_notify_user();
