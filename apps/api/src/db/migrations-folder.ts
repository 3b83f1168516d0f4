import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/api/drizzle, found from the module that asks: the sources run from apps/api/src/db and the
 * compiled build (decision 0024) from apps/api/dist or its chunks/, so the folder is the nearest
 * ancestor's `drizzle/` that holds drizzle-kit's journal.
 */
export function findMigrationsFolder(fromModuleUrl: string): string {
  const start = path.dirname(fileURLToPath(fromModuleUrl));
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    if (path.dirname(dir) === dir) {
      throw new Error(`No drizzle/meta/_journal.json above ${start}: the migrations are missing`);
    }
  }
}
