-- The journal partitioned by month of created_at (decision 0085). The existing table becomes one
-- partition, ledger_transfers_before_pYYYY_MM, holding every transfer before the first day of
-- next month (UTC); from that day pg_partman's monthly partitions take over where the extension
-- exists (PostgreSQL with postgresql-15-partman), and a DEFAULT partition takes the rest where
-- it does not (the embedded PGlite; a server without the package): the same tables, keys and
-- constraints either way, so the application's SQL is the same.
--
-- A partitioned table's primary key must hold the partition key: it is (id, created_at). On the
-- old table it replaces the primary key (id) (nothing references a transfer; ids are random), over
-- an index built here, unless an operator built it beforehand without blocking writes, under
-- this name:
--   CREATE UNIQUE INDEX CONCURRENTLY ledger_transfers_history_id_created_at_key
--     ON ledger_transfers (id, created_at);
-- The old table's range is a CHECK added NOT VALID and then validated (one read of the table);
-- ATTACH then finds its bound implied and does not read the table again. Its indexes, CHECKs and
-- foreign keys match the parent's and are attached, not rebuilt.
--
-- Partition bounds are computed in UTC (TimeZone is set for this block and put back after it):
-- pg_partman truncates dates in the session's time zone, and the job that premakes partitions
-- (jobs/partition-maintenance.ts) runs in UTC too, so their bounds meet.
DO $$
DECLARE
  zone text := current_setting('TimeZone');
  cutoff timestamptz;
  history text;
BEGIN
  PERFORM set_config('TimeZone', 'UTC', true);
  cutoff := date_trunc('month', now()) + interval '1 month';
  history := 'ledger_transfers_before_p' || to_char(cutoff, 'YYYY_MM');

  ALTER TABLE ledger_transfers RENAME TO ledger_transfers_history;
  ALTER INDEX ledger_transfers_debit_idx RENAME TO ledger_transfers_history_debit_idx;
  ALTER INDEX ledger_transfers_credit_idx RENAME TO ledger_transfers_history_credit_idx;
  ALTER INDEX ledger_transfers_transaction_idx RENAME TO ledger_transfers_history_transaction_idx;
  ALTER INDEX ledger_transfers_created_idx RENAME TO ledger_transfers_history_created_idx;
  CREATE UNIQUE INDEX IF NOT EXISTS ledger_transfers_history_id_created_at_key
    ON ledger_transfers_history (id, created_at);
  ALTER TABLE ledger_transfers_history DROP CONSTRAINT ledger_transfers_pkey;
  ALTER TABLE ledger_transfers_history
    ADD CONSTRAINT ledger_transfers_history_pkey
    PRIMARY KEY USING INDEX ledger_transfers_history_id_created_at_key;
  EXECUTE format('ALTER TABLE ledger_transfers_history ADD CONSTRAINT ledger_transfers_history_range'
                 ' CHECK (created_at < %L) NOT VALID', cutoff);
  ALTER TABLE ledger_transfers_history VALIDATE CONSTRAINT ledger_transfers_history_range;

  CREATE TABLE ledger_transfers (
    id uuid NOT NULL,
    debit_account_id uuid NOT NULL,
    credit_account_id uuid NOT NULL,
    amount_kobo bigint NOT NULL,
    code text NOT NULL,
    transaction_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT ledger_transfers_id_created_at_pk PRIMARY KEY (id, created_at),
    CONSTRAINT ledger_transfers_amount_positive CHECK (amount_kobo > 0),
    CONSTRAINT ledger_transfers_distinct_accounts CHECK (debit_account_id <> credit_account_id)
  ) PARTITION BY RANGE (created_at);
  ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_debit_account_id_ledger_accounts_id_fk
    FOREIGN KEY (debit_account_id) REFERENCES public.ledger_accounts(id);
  ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_credit_account_id_ledger_accounts_id_fk
    FOREIGN KEY (credit_account_id) REFERENCES public.ledger_accounts(id);
  ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_transaction_id_transactions_id_fk
    FOREIGN KEY (transaction_id) REFERENCES public.transactions(id);
  CREATE INDEX ledger_transfers_debit_idx ON ledger_transfers (debit_account_id);
  CREATE INDEX ledger_transfers_credit_idx ON ledger_transfers (credit_account_id);
  CREATE INDEX ledger_transfers_transaction_idx ON ledger_transfers (transaction_id);
  -- The incremental audit reads the transfers after its checkpoint (decision 0076).
  CREATE INDEX ledger_transfers_created_idx ON ledger_transfers (created_at, id);

  EXECUTE format('ALTER TABLE ledger_transfers ATTACH PARTITION ledger_transfers_history'
                 ' FOR VALUES FROM (MINVALUE) TO (%L)', cutoff);
  -- Named after its upper bound so pg_partman, which orders a set's partitions by the date in
  -- their names, sorts it before its own monthly ones.
  EXECUTE format('ALTER TABLE ledger_transfers_history RENAME TO %I', history);

  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_partman') THEN
    BEGIN
      CREATE SCHEMA IF NOT EXISTS partman;
      CREATE EXTENSION IF NOT EXISTS pg_partman SCHEMA partman;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_partman could not be created (%); ledger_transfers runs on a default partition', SQLERRM;
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_partman') THEN
    -- pg_partman 4.x: native monthly partitions from the cutoff, four months ahead, and its own
    -- DEFAULT partition (ledger_transfers_default). No retention: the journal is kept.
    EXECUTE format('SELECT %I.create_parent(p_parent_table := %L, p_control := %L, p_type := %L,'
                   ' p_interval := %L, p_premake := 4, p_start_partition := %L, p_jobmon := false)',
                   (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                     WHERE e.extname = 'pg_partman'),
                   'public.ledger_transfers', 'created_at', 'native', 'monthly', cutoff::text);
    -- Months are premade from today, not from the newest row: pg_partman otherwise looks for the
    -- partition holding the newest row by each partition's lower bound, and the old table's is
    -- MINVALUE, which it cannot read. A quiet month gets its partitions all the same.
    EXECUTE format('UPDATE %I.part_config SET infinite_time_partitions = true'
                   ' WHERE parent_table = %L',
                   (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                     WHERE e.extname = 'pg_partman'),
                   'public.ledger_transfers');
  ELSE
    CREATE TABLE ledger_transfers_default PARTITION OF ledger_transfers DEFAULT;
  END IF;

  PERFORM set_config('TimeZone', zone, true);
END
$$;
