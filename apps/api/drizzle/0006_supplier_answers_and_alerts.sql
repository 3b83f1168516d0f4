CREATE TABLE "operator_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier" text NOT NULL,
	"message" text NOT NULL,
	"transaction_id" uuid,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "last_answer" jsonb;--> statement-breakpoint
ALTER TABLE "operator_alerts" ADD CONSTRAINT "operator_alerts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_alerts_created_idx" ON "operator_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "purchases_supplier_reference_idx" ON "purchases" USING btree ("supplier","supplier_reference") WHERE "purchases"."supplier_reference" is not null;