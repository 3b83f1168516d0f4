import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock } from './data-dir-lock';

/**
 * Backups of the embedded database (`cli backup` / `cli restore`). PGlite's dumpDataDir writes its
 * whole data directory as one gzipped tarball; taken while this process holds the directory's
 * lock, nothing else writes during the copy, so the copy is consistent (a plain file copy of a
 * running server's directory is not). PostgreSQL deployments use pg_dump instead (README).
 */

function hasDatabase(pgliteDir: string): boolean {
  return existsSync(path.join(pgliteDir, 'PG_VERSION'));
}

/** Writes the copy to `file` (through a temporary name, so a broken run leaves no half file). */
export async function backupPglite(pgliteDir: string, file: string): Promise<string> {
  if (!hasDatabase(pgliteDir)) throw new Error(`No embedded database in ${pgliteDir}.`);
  if (existsSync(file)) throw new Error(`${file} exists; give a new file name.`);
  const release = acquireDataDirLock(pgliteDir);
  try {
    const client = new PGlite(pgliteDir);
    try {
      await client.waitReady;
      const dump = await client.dumpDataDir('gzip');
      const partial = `${file}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
  return `Backup of ${pgliteDir} written to ${file}.`;
}

/** Restores a copy into an empty directory; a directory with a database in it is refused. */
export async function restorePglite(file: string, pgliteDir: string): Promise<string> {
  if (!existsSync(file)) throw new Error(`${file} does not exist.`);
  if (hasDatabase(pgliteDir)) {
    throw new Error(
      `${pgliteDir} already holds a database; restore into an empty DATA_DIR (or move it away).`,
    );
  }
  mkdirSync(pgliteDir, { recursive: true });
  const release = acquireDataDirLock(pgliteDir);
  try {
    const client = new PGlite(pgliteDir, { loadDataDir: new Blob([readFileSync(file)]) });
    await client.waitReady;
    await client.close();
  } finally {
    // The copy carries the backup process's lock file; the release removes it.
    release();
    rmSync(path.join(pgliteDir, 'owo.pid'), { force: true });
  }
  return `Restored ${file} into ${pgliteDir}; start the server as usual (migrations are no-ops).`;
}
