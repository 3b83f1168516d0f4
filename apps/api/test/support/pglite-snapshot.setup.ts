import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';

// `pgliteSnapshot` is declared on vitest's ProvidedContext in harness.ts, its reader.

/**
 * The API suite on PGlite: initdb and the migrations take several seconds of CPU per database,
 * and every test file makes at least one. They run once here, on this run's own migrations; each
 * test database then starts from the dump (the harness's freshDatabase). On PostgreSQL each file
 * still makes and migrates a database of its own.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return;
  }
  const database = openDatabase({});
  await database.migrate();
  const dump = await database.dumpPglite!();
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'owo-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
