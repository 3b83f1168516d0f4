CREATE TABLE "beneficiaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"number" text NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"provider_name" text,
	"meter_type" text,
	"verified_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beneficiaries_kind_check" CHECK ("beneficiaries"."kind" in ('phone', 'meter', 'smartcard', 'betting', 'recipient')),
	CONSTRAINT "beneficiaries_label_length" CHECK (char_length("beneficiaries"."label") between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_user_number_key" ON "beneficiaries" USING btree ("user_id","kind","provider","number");--> statement-breakpoint
CREATE INDEX "beneficiaries_user_created_idx" ON "beneficiaries" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'admin', 'support'));