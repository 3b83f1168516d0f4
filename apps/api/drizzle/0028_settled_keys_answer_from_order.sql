-- The settlement of a purchase no longer stores a reply predicted before the row was written: it
-- marks the paying request's key, and a replay builds its reply from the order's row as it stands
-- (modules/purchases/idempotency.ts). A key with a stored reply (a transfer, an order left pending,
-- a node of the previous release) answers with it as before.
ALTER TABLE "idempotency_keys" ADD COLUMN "answered_by_order" boolean DEFAULT false NOT NULL;
