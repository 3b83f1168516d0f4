/**
 * The reliability suite's two lengths: `npm test` runs the short one; `npm run test:soak`
 * (scripts/soak.mjs) sets SOAK=1 for the long one.
 */
export const SOAK = process.env.SOAK === '1';

/**
 * PostgreSQL's admin connection when the run is on PostgreSQL (CI's second pass, the soak), else
 * undefined: tests that need a real server process or several processes skip on PGlite.
 */
export const POSTGRES_ADMIN_URL = process.env.DATABASE_URL || undefined;
