-- A reseller key's purchases of the last minute, counted inside the reserve statement under the
-- user's row lock (decision 0088): exact across every API process at no extra round trip. Partial:
-- only API orders have a key, so the app's orders add no entry.
CREATE INDEX "purchases_api_key_created_idx" ON "purchases" USING btree ("api_key_id","created_at") WHERE "purchases"."api_key_id" is not null;