CREATE TABLE "adjustment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_id" uuid,
	"requested_by_email" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"requested_day" text NOT NULL,
	"idempotency_key" text,
	"refunded_delivery_id" uuid,
	"decided_by_id" uuid,
	"decided_by_email" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text DEFAULT '' NOT NULL,
	"cap_override" boolean DEFAULT false NOT NULL,
	"transaction_id" uuid,
	CONSTRAINT "adjustment_requests_direction_check" CHECK ("adjustment_requests"."direction" in ('credit', 'debit')),
	CONSTRAINT "adjustment_requests_status_check" CHECK ("adjustment_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "adjustment_requests_amount_positive" CHECK ("adjustment_requests"."amount_kobo" > 0),
	CONSTRAINT "adjustment_requests_two_people" CHECK ("adjustment_requests"."decided_by_id" is null or "adjustment_requests"."requested_by_id" is null or "adjustment_requests"."decided_by_id" <> "adjustment_requests"."requested_by_id"),
	CONSTRAINT "adjustment_requests_not_own_wallet" CHECK (("adjustment_requests"."requested_by_id" is null or "adjustment_requests"."requested_by_id" <> "adjustment_requests"."user_id") and ("adjustment_requests"."decided_by_id" is null or "adjustment_requests"."decided_by_id" <> "adjustment_requests"."user_id"))
);
--> statement-breakpoint
CREATE TABLE "adjustment_daily_totals" (
	"requester" text NOT NULL,
	"day" text NOT NULL,
	"total_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "adjustment_daily_totals_requester_day_pk" PRIMARY KEY("requester","day"),
	CONSTRAINT "adjustment_daily_totals_not_negative" CHECK ("adjustment_daily_totals"."total_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refunded_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"supplier" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"answer" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by_id" uuid,
	"resolved_by_email" text,
	"resolved_at" timestamp with time zone,
	"resolution_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "refunded_deliveries_status_check" CHECK ("refunded_deliveries"."status" in ('open', 'recovery_requested', 'recovered', 'written_off')),
	CONSTRAINT "refunded_deliveries_amount_positive" CHECK ("refunded_deliveries"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "adjustment_requests" ADD CONSTRAINT "adjustment_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_requests" ADD CONSTRAINT "adjustment_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_requests" ADD CONSTRAINT "adjustment_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_requests" ADD CONSTRAINT "adjustment_requests_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_requests" ADD CONSTRAINT "adjustment_requests_refunded_delivery_id_refunded_deliveries_id_fk" FOREIGN KEY ("refunded_delivery_id") REFERENCES "public"."refunded_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunded_deliveries" ADD CONSTRAINT "refunded_deliveries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunded_deliveries" ADD CONSTRAINT "refunded_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunded_deliveries" ADD CONSTRAINT "refunded_deliveries_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustment_requests_status_idx" ON "adjustment_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "adjustment_requests_user_idx" ON "adjustment_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "adjustment_requests_key" ON "adjustment_requests" USING btree ("requested_by_id","idempotency_key") WHERE "adjustment_requests"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "adjustment_requests_one_open_recovery" ON "adjustment_requests" USING btree ("refunded_delivery_id") WHERE "adjustment_requests"."status" = 'pending' and "adjustment_requests"."refunded_delivery_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunded_deliveries_once" ON "refunded_deliveries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "refunded_deliveries_status_idx" ON "refunded_deliveries" USING btree ("status","detected_at");--> statement-breakpoint
ALTER TABLE "alert_incidents" DROP CONSTRAINT "alert_incidents_kind_check";--> statement-breakpoint
ALTER TABLE "alert_incidents" ADD CONSTRAINT "alert_incidents_kind_check" CHECK ("alert_incidents"."kind" in ('orders_pending', 'supplier_failure_rate', 'supplier_low_balance', 'ledger_audit', 'adjustments_waiting', 'refunded_order_delivered'));
