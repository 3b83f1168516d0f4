-- The sets of function files (apps/api/sql/functions) the migrations applied, by digest, the
-- newest last applied (decision 0072): a node of an older release that starts after a newer one
-- finds its set superseded and leaves the newer bodies in place. The functions themselves are in
-- their files, not in migrations.
CREATE TABLE function_file_sets (
  digest text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);
