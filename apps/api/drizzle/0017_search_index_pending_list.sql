-- The history search's trigram index merges its pending list in small batches. A GIN index with
-- fastupdate collects new entries in a pending list and merges it into the index when it passes
-- gin_pending_list_limit (4 MB by default): every few seconds under load one insert — a purchase's
-- reserve or settlement, holding its wallet's row lock — did that merge, and the requests queued
-- behind it made the tail (open-model p99 about 200 ms at half of peak). At 128 kB each merge is
-- short; fastupdate off instead cost about 13% of purchase throughput (docs/performance.md).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_class WHERE relname = 'transactions_search_text_trgm_idx') THEN
    EXECUTE 'ALTER INDEX "transactions_search_text_trgm_idx" SET (gin_pending_list_limit = 128)';
  END IF;
END
$$;
