CREATE TABLE "identity_holders" (
	"type" text NOT NULL,
	"number_digest" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_holders_type_number_digest_pk" PRIMARY KEY("type","number_digest")
);
--> statement-breakpoint
ALTER TABLE "identity_holders" ADD CONSTRAINT "identity_holders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_holders_user_idx" ON "identity_holders" USING btree ("user_id");--> statement-breakpoint
-- Numbers that already opened accounts keep their holder: the wallet that completed first. If a
-- number was completed by several wallets before this table existed, the later ones stay verified
-- (they may hold money and a virtual account) and are listed for review in decision 0016; they
-- are not inserted here, so the migration cannot fail on them.
INSERT INTO "identity_holders" ("type", "number_digest", "user_id", "created_at")
SELECT DISTINCT ON ("type", "number_digest") "type", "number_digest", "user_id", "updated_at"
FROM "identity_verifications"
WHERE "status" = 'completed'
ORDER BY "type", "number_digest", "updated_at", "created_at", "id";
