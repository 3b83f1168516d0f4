-- When an open order became one only an admin can settle because no documented lookup can
-- (Safe Haven's pay reply, the only carrier of its id, was lost): it joins the needs-decision
-- queue at once instead of after NEEDS_DECISION_AFTER_MS, and the reconciler stops asking.
ALTER TABLE "purchases" ADD COLUMN "needs_decision_at" timestamp with time zone;
