#!/bin/sh
# Patroni's post_bootstrap (deploy/ha/compose/patroni.yml): run once, as postgres, on the member
# that initialised the cluster, with the superuser's connection string as $1. A failure here
# fails the bootstrap (Patroni tries again), rather than leave a cluster the API cannot use or
# whose WAL pgBackRest cannot archive.
set -eu

# The API's role and database. pg_read_all_settings: a production start checks that WAL is
# archived (decision 0052). The password comes from the environment (compose's POSTGRES_PASSWORD),
# passed as a psql variable so it is quoted by psql, not by the shell.
psql "$1" -X -v ON_ERROR_STOP=1 -v password="$OWO_DB_PASSWORD" <<'SQL'
create role owo login password :'password';
grant pg_read_all_settings to owo;
create database owo owner owo;
SQL

# The stanza before the first segment is archived, then the base backup a point-in-time
# restore starts from.
pgbackrest --stanza=owo stanza-create
pgbackrest --stanza=owo --type=full backup
