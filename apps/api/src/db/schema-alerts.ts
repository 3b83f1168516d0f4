import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { transactions, users } from './schema';

/**
 * Admin e-mail alerts (decision 0030): one row per occurrence of a watched condition (orders
 * pending too long, a supplier failing too often, a supplier wallet running low, the ledger audit
 * failing). A condition has at most one open row (the partial unique index on `key`): raising it
 * again while it holds finds that row and sends nothing, so every API node may evaluate at once
 * and still only one mail goes out; once cleared, a recurrence is a new row and a new mail.
 */
export const alertIncidents = pgTable(
  'alert_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The condition: `orders_pending`, `supplier_failure_rate:vtpass`, `ledger_audit` … */
    key: text('key').notNull(),
    kind: text('kind', {
      enum: [
        'orders_pending',
        'supplier_failure_rate',
        'supplier_low_balance',
        'ledger_audit',
        'adjustments_waiting',
        'refunded_order_delivered',
      ],
    }).notNull(),
    /** The supplier the condition is about; '' when none. */
    subject: text('subject').notNull().default(''),
    /** One line for the list and the mail's subject, as last seen. */
    summary: text('summary').notNull(),
    /** The figures behind it (counts, rates, kobo), as last seen. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    /** Admins already mailed about this occurrence (a retry mails only the others). */
    mailedTo: jsonb('mailed_to').$type<string[]>().notNull().default([]),
    /** Set once every admin has been mailed. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** The node sending its mails holds it until then; another node may retry after. */
    notifyLeaseUntil: timestamp('notify_lease_until', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedById: uuid('acknowledged_by_id').references(() => users.id),
    acknowledgedByEmail: text('acknowledged_by_email'),
  },
  (t) => [
    uniqueIndex('alert_incidents_open_key')
      .on(t.key)
      .where(sql`${t.clearedAt} is null`),
    index('alert_incidents_opened_idx').on(t.openedAt),
    check(
      'alert_incidents_kind_check',
      sql`${t.kind} in ('orders_pending', 'supplier_failure_rate', 'supplier_low_balance', 'ledger_audit', 'adjustments_waiting', 'refunded_order_delivered')`,
    ),
  ],
);

/**
 * A supplier's definite refusal that the airtime fallback rescued by moving the order on to the
 * next supplier (decision 0029). The order's row then names only the last supplier, so without
 * these the failure-rate alert would never see a supplier whose refusals the fallback hides.
 */
export const supplierRefusals = pgTable(
  'supplier_refusals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplier: text('supplier').notNull(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('supplier_refusals_created_idx').on(t.createdAt)],
);
