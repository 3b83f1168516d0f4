import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'tests/unit/**/*.test.ts',
          ],
        },
      },
      {
        // Runs after `npm run build` (see test:browser): checks what the build produced.
        test: { name: 'build', include: ['tests/build/**/*.test.ts'], sequence: { groupOrder: 2 } },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['apps/api/**/*.test.ts'],
          // On PGlite: one migrated database dumped once, which each test's database starts from.
          globalSetup: ['apps/api/test/support/pglite-snapshot.setup.ts'],
          // Each file builds its own app on its own database; argon2 and PGlite are CPU-heavy.
          fileParallelism: true,
          maxWorkers: 2,
          // Generous: a loaded 2-core machine can take tens of seconds to build an app and its
          // database; a test about time moves the test clock instead.
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The reliability suite: conservation, crashes, faults, fuzzing, access matrix, several processes.
        // One file at a time: they load the machine (many requests, child processes).
        test: {
          name: 'reliability',
          sequence: { groupOrder: 3 },
          include: ['tests/reliability/**/*.test.ts'],
          fileParallelism: false,
          maxWorkers: 1,
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The database tier (`npm run test:failover`, `npm run test:pitr`): Patroni, etcd, HAProxy
        // and pgBackRest on this machine, run as root with PostgreSQL as `postgres`. Not part of
        // `npm test`: CI runs them in its PostgreSQL pass, where the packages are installed.
        test: {
          name: 'failover',
          include: ['tests/failover/**/*.test.ts'],
          fileParallelism: false,
          maxWorkers: 1,
          testTimeout: 600_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
