-- Reseller price tiers (decision 0090): an admin puts a customer on a tier, and the tier's
-- discount per product comes off our selling price, never below our cost, for app and API orders
-- alike. Seeded: standard (no discount; every customer's until moved), reseller and api_partner
-- with a data discount only. Data is the one product with a margin of our own at the first fill
-- (in-house plans at cost + 5%): 2% and 3% of the selling price leave us most of it. Airtime,
-- electricity, betting and list-price plans sell at or below what the supplier charges us, so a
-- discount there would be clamped to nothing; admins set them when commissions are modelled.
-- purchases.price_tier keeps each order's tier for the dashboard's margin per tier; rows from
-- before, and orders placed by a node that does not send one, are 'standard'.
CREATE TABLE "price_tiers" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"data_bps" integer DEFAULT 0 NOT NULL,
	"airtime_bps" integer DEFAULT 0 NOT NULL,
	"cable_bps" integer DEFAULT 0 NOT NULL,
	"electricity_bps" integer DEFAULT 0 NOT NULL,
	"betting_bps" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "price_tiers_bps_range" CHECK (least("price_tiers"."data_bps", "price_tiers"."airtime_bps", "price_tiers"."cable_bps", "price_tiers"."electricity_bps", "price_tiers"."betting_bps") >= 0
        and greatest("price_tiers"."data_bps", "price_tiers"."airtime_bps", "price_tiers"."cable_bps", "price_tiers"."electricity_bps", "price_tiers"."betting_bps") <= 5000)
);
--> statement-breakpoint
INSERT INTO "price_tiers" ("code", "name", "data_bps") VALUES
  ('standard', 'Standard', 0),
  ('reseller', 'Reseller', 200),
  ('api_partner', 'API partner', 300);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "price_tier" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "price_tier" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_tiers" ADD CONSTRAINT "price_tiers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_price_tier_price_tiers_code_fk" FOREIGN KEY ("price_tier") REFERENCES "public"."price_tiers"("code") ON DELETE no action ON UPDATE no action;