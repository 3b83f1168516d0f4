CREATE TABLE "supplier_webhooks" (
	"supplier" text PRIMARY KEY NOT NULL,
	"first_verified_at" timestamp with time zone,
	"last_verified_at" timestamp with time zone,
	"last_refused_at" timestamp with time zone,
	"refused_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_actions" ALTER COLUMN "actor_id" DROP NOT NULL;
