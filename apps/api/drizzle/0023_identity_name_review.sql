-- A NIN/BVN whose holder's name (or date of birth) does not match the profile is refused and
-- waits for an admin (decision 0055): who the supplier said holds it, and the review's outcome.
-- status gains 'mismatch' (a text column; the enum lives in the drizzle schema).
ALTER TABLE "identity_verifications" ADD COLUMN "holder_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD COLUMN "holder_birth_date" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD COLUMN "profile_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD COLUMN "profile_birth_date" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD COLUMN "mismatch" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD COLUMN "review_status" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD COLUMN "review_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_verifications_review_idx" ON "identity_verifications" USING btree ("review_status","created_at");
