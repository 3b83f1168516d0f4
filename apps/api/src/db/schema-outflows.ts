import { bigint, date, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

/**
 * What each customer has sent out of the wallet per Lagos day: the daily limit's running total,
 * read in constant time by the purchase and transfer checks instead of a sum over the day's rows.
 * Kept by a trigger on `transactions` (migration 0014), so every path that writes a debit or
 * changes its status — purchases, transfers, betting, refunds, reversals, admin decisions —
 * counts exactly as the sum did: debits that are pending or successful, operator debits excepted.
 */
export const dailyOutflows = pgTable(
  'daily_outflows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The Lagos calendar day (UTC+1, no daylight saving) of the debit's created_at. */
    day: date('day', { mode: 'string' }).notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
