import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What we know of each supplier's webhooks reaching us (decision 0045): when an event whose
 * signature verified first and last arrived, and when one that did not verify last arrived. A
 * supplier whose signing key we could only infer (Ogdams) takes no routing traffic in live mode
 * until `first_verified_at` is set: a wrong key would refuse every event and hold every order.
 */
export const supplierWebhooks = pgTable('supplier_webhooks', {
  supplier: text('supplier').primaryKey(),
  firstVerifiedAt: timestamp('first_verified_at', { withTimezone: true }),
  lastVerifiedAt: timestamp('last_verified_at', { withTimezone: true }),
  lastRefusedAt: timestamp('last_refused_at', { withTimezone: true }),
  refusedCount: integer('refused_count').notNull().default(0),
});
