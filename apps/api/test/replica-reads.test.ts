import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { openReplicaReads } from '../src/db/replica-reads';

/**
 * DATABASE_READ_URL misconfigured (decision 0052): a URL that reaches a primary, or nothing at
 * all, is logged and the lag-tolerant reads stay on the primary. (The replica in use, and lost in
 * a failover, is exercised by `npm run test:failover`, whose API processes read through HAProxy's
 * read port.)
 */

describe('DATABASE_READ_URL falls back to the primary', () => {
  let primary: Database;
  const logged: { level: string; message: string; context: Record<string, unknown> }[] = [];
  const log = (level: string) => (context: Record<string, unknown>, message: string) =>
    logged.push({ level, message, context });

  beforeAll(() => {
    // The primary only has to be there to fall back to: no query reaches it here. The read URL
    // checks are read-only (pg_is_in_recovery and the replay positions).
    primary = openDatabase({});
  });
  afterAll(async () => {
    await primary.close();
  });

  it('an unreachable host: logged, and the reads use the primary', async () => {
    logged.length = 0;
    const reads = openReplicaReads({
      primary,
      // Port 9 (discard) on loopback: nothing listens there.
      readUrl: 'postgres://postgres@127.0.0.1:9/owo',
      maxLagSeconds: 10,
      poolMax: 1,
      warn: log('warn'),
      info: log('info'),
    });
    try {
      await reads.check();
      expect(reads.state()).toBe('unreachable');
      expect(reads.database.db).toBe(primary.db);
      expect(reads.lagSeconds()).toBeUndefined();
      expect(logged.map((l) => [l.level, l.message])).toEqual([
        ['warn', 'DATABASE_READ_URL is unreachable; reads fall back to DATABASE_URL'],
      ]);
      // Logged once per change, not on every check.
      await reads.check();
      expect(logged).toHaveLength(1);
    } finally {
      await reads.close();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a URL that reaches a primary: logged, and the reads use DATABASE_URL',
    async () => {
      logged.length = 0;
      const reads = openReplicaReads({
        primary,
        readUrl: process.env.DATABASE_URL!,
        maxLagSeconds: 10,
        poolMax: 1,
        warn: log('warn'),
        info: log('info'),
      });
      try {
        await reads.check();
        expect(reads.state()).toBe('is-primary');
        expect(reads.database.db).toBe(primary.db);
        expect(logged.map((l) => [l.level, l.message])).toEqual([
          [
            'warn',
            'DATABASE_READ_URL points at a primary (not in recovery); reads fall back to DATABASE_URL',
          ],
        ]);
      } finally {
        await reads.close();
      }
    },
  );

  it('the configuration refuses a DATABASE_READ_URL without DATABASE_URL, or not postgres://', () => {
    const base = { SESSION_SECRET: 'x'.repeat(16) + 'abcdefghijklmnop' };
    expect(() => loadConfig({ ...base, DATABASE_READ_URL: 'postgres://h:5432/owo' })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({
        ...base,
        DATABASE_URL: 'postgres://h:5432/owo',
        DATABASE_READ_URL: 'mysql://h/owo',
      }),
    ).toThrow(/DATABASE_READ_URL: must be a postgres/);
    const config = loadConfig({
      ...base,
      DATABASE_URL: 'postgres://h:5432/owo',
      DATABASE_READ_URL: 'postgres://h:5433/owo',
    });
    expect(config.databaseReadUrl).toBe('postgres://h:5433/owo');
    expect(config.databaseReadMaxLagSeconds).toBe(10);
  });
});
