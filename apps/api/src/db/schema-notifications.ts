import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { transactions, users } from './schema';

/**
 * The notification centre reads its feed from rows that already exist (credits in transactions,
 * finished airtime-to-cash swaps) and from this table, which holds the one event no existing row
 * records: an order the customer was told is pending, settled later (by the reconciler, a
 * supplier's webhook or an admin). Written in the settling transaction (decision 0033).
 */
export const settledOrderNotices = pgTable(
  'settled_order_notices',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    outcome: text('outcome', { enum: ['delivered', 'failed'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('settled_order_notices_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * How far each customer has read the feed: everything at or before read_up_to is read. No row
 * means nothing read yet (the migration gives customers who existed before it a row at its time,
 * so their old history does not arrive as a pile of unread notifications).
 */
export const notificationMarks = pgTable('notification_marks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  readUpTo: timestamp('read_up_to', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
