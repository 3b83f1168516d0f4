ALTER TABLE "transactions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("transactions"."type", '') || chr(31) || coalesce("transactions"."service_type", '') || chr(31) || coalesce("transactions"."description", '') || chr(31) || coalesce("transactions"."reference", '') || chr(31) || coalesce(case lower(regexp_replace("transactions"."service_type", '[^a-zA-Z]', '', 'g'))
  when 'deposit' then case when "transactions"."type" = 'credit' then 'Wallet funding' else 'Deposit' end
  when 'transfer' then case when "transactions"."type" = 'credit' then 'Transfer received' else 'Transfer sent' end
  when 'betting' then 'Betting top-up'
  when 'airtimetocash' then 'Airtime to Cash'
  when 'airtimeswap' then 'Airtime to Cash'
  when 'adjustment' then case when "transactions"."type" = 'credit' then 'Wallet credit' else 'Wallet debit' end
  when 'reversal' then 'Reversal'
  else '' end, '') || chr(31) || coalesce("transactions"."metadata"->>'phone', '') || chr(31) || coalesce("transactions"."metadata"->>'mobile_number', '') || chr(31) || coalesce("transactions"."metadata"->>'meter_number', '') || chr(31) || coalesce("transactions"."metadata"->>'smart_card_number', ''))) STORED;--> statement-breakpoint
-- The history search's indexes (drizzle cannot declare either). The trigram index finds rare text
-- among all users' rows; where pg_trgm cannot be installed (a server without the contrib package,
-- or a role without CREATE on the database) the migration still runs and searches read the user's
-- rows through the covering index below (docs/decisions, "History search index").
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm could not be created (%); history search runs without its trigram index', SQLERRM;
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS "transactions_search_text_trgm_idx" ON "transactions" USING gin ("search_text" gin_trgm_ops)';
  END IF;
END
$$;--> statement-breakpoint
-- One user's rows in history order with what the search reads: counts and page ids of a search
-- that matches many rows come from the index alone (index-only scan), not from the table.
CREATE INDEX IF NOT EXISTS "transactions_user_search_idx" ON "transactions" USING btree ("user_id", "created_at", "id") INCLUDE ("search_text", "amount_kobo");
