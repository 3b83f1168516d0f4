import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { NEWER_NODE_DEPENDENCIES } from './support/newer-node-dependencies';

/**
 * The Node versions the project declares (the root engines field) must be ones every runtime
 * dependency accepts: a dependency that needs a newer Node than we promise breaks the promise (a
 * dependency on Node ≥ 22 here once ran on our Node 20 machines only by luck). Reads the lockfile
 * for the production dependencies and each one's installed package.json for its engines. The only
 * exceptions are listed by exact version with their proof (support/newer-node-dependencies.ts).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface LockEntry {
  version?: string;
  dev?: boolean;
  link?: boolean;
  engines?: { node?: string } | string[];
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

describe('runtime dependencies and the declared Node versions', () => {
  const declared = readJson<{ engines: { node: string } }>(path.join(root, 'package.json')).engines
    .node;
  const lock = readJson<{ packages: Record<string, LockEntry> }>(
    path.join(root, 'package-lock.json'),
  );
  // Production dependencies that are installed here (platform builds for other systems are not).
  const runtime = Object.entries(lock.packages).filter(
    ([location, entry]) =>
      location.includes('node_modules/') &&
      !entry.dev &&
      !entry.link &&
      existsSync(path.join(root, location, 'package.json')),
  );

  it('declares a range that includes the Node this runs on', () => {
    expect(semver.validRange(declared)).not.toBeNull();
    expect(semver.satisfies(process.version, declared), `${process.version} vs ${declared}`).toBe(
      true,
    );
    expect(runtime.length).toBeGreaterThan(50);
  });

  /** Each runtime dependency whose engines exclude part of the declared range. */
  const conflicts = runtime.flatMap(([location]) => {
    const manifest = readJson<{ name: string; version: string; engines?: { node?: string } }>(
      path.join(root, location, 'package.json'),
    );
    const needs = manifest.engines?.node;
    if (!needs || !semver.validRange(needs)) return [];
    return semver.subset(declared, needs)
      ? []
      : [
          {
            location,
            version: manifest.version,
            what: `${manifest.name}@${manifest.version} needs node ${needs}`,
          },
        ];
  });
  const accepted = (location: string, version: string) =>
    NEWER_NODE_DEPENDENCIES.some((d) => d.location === location && d.version === version);

  it('has no runtime dependency whose engines exclude part of the declared range', () => {
    const refused = conflicts.filter((c) => !accepted(c.location, c.version)).map((c) => c.what);
    expect(refused, `declared node ${declared}`).toEqual([]);
  });

  it('accepts a newer-Node dependency only while it is installed at that version and needs it', () => {
    // A stale entry (upgraded, removed, or no longer asking for more) leaves the list.
    const stillNeeded = NEWER_NODE_DEPENDENCIES.filter((d) =>
      conflicts.some((c) => c.location === d.location && c.version === d.version),
    );
    expect(stillNeeded).toEqual([...NEWER_NODE_DEPENDENCIES]);
  });

  it('would notice a dependency that needs a newer Node', () => {
    expect(semver.subset(declared, '>=22')).toBe(false);
  });
});
