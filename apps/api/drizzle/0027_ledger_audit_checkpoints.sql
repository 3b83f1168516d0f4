-- The scheduled ledger audit checks what changed since its checkpoint, not all history
-- (decision 0076). One row per audit (only 'ledger' today): how far the journal has been checked
-- (checked_to), the lap of the rolling full pass (every transfer up to lap_to, read in slices
-- ordered by (created_at, id) from the lap cursor) and the cursor of the accounts re-compared each
-- run. A NULL checked_to means the audit has not yet run: its first run is a full one.
-- lap_failure: the checks the last lap's end found broken, reported by every pass until a lap
-- ends clean (the lap's sums restart after a failure, so a repaired row is read afresh).
CREATE TABLE "ledger_audit_checkpoints" (
	"name" text PRIMARY KEY NOT NULL,
	"checked_to" timestamp with time zone,
	"lap_to" timestamp with time zone,
	"lap_cursor_at" timestamp with time zone,
	"lap_cursor_id" uuid,
	"account_cursor" uuid,
	"lap_failure" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Per account: the sum of its transfers up to checked_to, as checked (journal_kobo), and the sum
-- the running lap has read so far (lap_kobo). A balance is compared with journal_kobo plus the
-- transfers after checked_to, which costs the new transfers, not the account's history.
CREATE TABLE "ledger_audit_sums" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"journal_kobo" bigint DEFAULT 0 NOT NULL,
	"lap_kobo" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_audit_sums" ADD CONSTRAINT "ledger_audit_sums_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The transfers after a checkpoint and the lap's slices are ranges of (created_at, id). IF NOT
-- EXISTS: on a large ledger an operator builds it CONCURRENTLY before migrating.
CREATE INDEX IF NOT EXISTS "ledger_transfers_created_idx" ON "ledger_transfers" USING btree ("created_at","id");
--> statement-breakpoint
INSERT INTO "ledger_audit_checkpoints" ("name") VALUES ('ledger');
