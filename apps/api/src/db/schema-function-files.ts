import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sets of function files the migrations applied (decision 0072), by digest, the newest last
 * applied: a node of an older release that starts after a newer one finds its set superseded and
 * leaves the newer bodies in place.
 */
export const functionFileSets = pgTable('function_file_sets', {
  digest: text('digest').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
