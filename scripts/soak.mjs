#!/usr/bin/env node
// `npm run test:soak`: the reliability suite at full length (SOAK=1), on PostgreSQL.
// DATABASE_URL names the server's admin connection (default: the local server on 127.0.0.1:5432);
// every test makes and drops its own databases there.
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  SOAK: '1',
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
};
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'reliability', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env,
  },
);
process.exit(result.status ?? 1);
