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
          // Each file builds its own app on its own database; argon2 and PGlite are CPU-heavy.
          fileParallelism: true,
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
    ],
  },
});
