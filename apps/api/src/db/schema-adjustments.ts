import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { transactions, users } from './schema';

/**
 * Orders an admin refunded on their own word (the "needs a decision" queue) that the supplier
 * later reported delivered (decision 0048): the customer holds the goods and the refund. One row
 * per order; it stays open until an admin files a recovery (a debit request, four eyes) or writes
 * the money off, both audited.
 */
export const refundedDeliveries = pgTable(
  'refunded_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    supplier: text('supplier').notNull(),
    /** What the refund gave back: the most a recovery may take. */
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** The supplier's delivered report, as answerOf keeps it. */
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull().default({}),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    status: text('status', {
      enum: ['open', 'recovery_requested', 'recovered', 'written_off'],
    })
      .notNull()
      .default('open'),
    resolvedById: uuid('resolved_by_id').references(() => users.id),
    resolvedByEmail: text('resolved_by_email'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionReason: text('resolution_reason').notNull().default(''),
  },
  (t) => [
    uniqueIndex('refunded_deliveries_once').on(t.transactionId),
    index('refunded_deliveries_status_idx').on(t.status, t.detectedAt),
    check(
      'refunded_deliveries_status_check',
      sql`${t.status} in ('open', 'recovery_requested', 'recovered', 'written_off')`,
    ),
    check('refunded_deliveries_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

/**
 * Maker–checker for money staff move (decision 0047): a manual credit or debit is a request; a
 * second admin approves (the only step that moves money, in the same transaction as the status
 * change) or rejects it. The checks keep the rule in the database too: the decider is never the
 * requester, and neither is the wallet's owner.
 */
export const adjustmentRequests = pgTable(
  'adjustment_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    direction: text('direction', { enum: ['credit', 'debit'] }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** Null for the CLI (its e-mail is "cli:<os login>"). */
    requestedById: uuid('requested_by_id').references(() => users.id),
    requestedByEmail: text('requested_by_email').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** The Lagos day the request counted against its requester's daily total. */
    requestedDay: text('requested_day').notNull(),
    /** The requester's Idempotency-Key: a repeat finds this request instead of filing another. */
    idempotencyKey: text('idempotency_key'),
    /** A recovery of money from an order delivered after a forced refund. */
    refundedDeliveryId: uuid('refunded_delivery_id').references(() => refundedDeliveries.id),
    decidedById: uuid('decided_by_id').references(() => users.id),
    decidedByEmail: text('decided_by_email'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why it was rejected, or why the approver let a credit pass the balance cap. */
    decisionReason: text('decision_reason').notNull().default(''),
    capOverride: boolean('cap_override').notNull().default(false),
    /** The history row the approval wrote. */
    transactionId: uuid('transaction_id').references(() => transactions.id),
  },
  (t) => [
    index('adjustment_requests_status_idx').on(t.status, t.requestedAt),
    index('adjustment_requests_user_idx').on(t.userId),
    uniqueIndex('adjustment_requests_key')
      .on(t.requestedById, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex('adjustment_requests_one_open_recovery')
      .on(t.refundedDeliveryId)
      .where(sql`${t.status} = 'pending' and ${t.refundedDeliveryId} is not null`),
    check('adjustment_requests_direction_check', sql`${t.direction} in ('credit', 'debit')`),
    check(
      'adjustment_requests_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected')`,
    ),
    check('adjustment_requests_amount_positive', sql`${t.amountKobo} > 0`),
    check(
      'adjustment_requests_two_people',
      sql`${t.decidedById} is null or ${t.requestedById} is null or ${t.decidedById} <> ${t.requestedById}`,
    ),
    check(
      'adjustment_requests_not_own_wallet',
      sql`(${t.requestedById} is null or ${t.requestedById} <> ${t.userId}) and (${t.decidedById} is null or ${t.decidedById} <> ${t.userId})`,
    ),
  ],
);

/**
 * Kobo each requester has asked to move per Lagos day (pending and approved requests; a rejection
 * gives its amount back). Claimed in one conditional upsert, so a burst of requests cannot pass
 * the per-admin daily total together.
 */
export const adjustmentDailyTotals = pgTable(
  'adjustment_daily_totals',
  {
    /** The requester's user id, or the CLI's "cli:<os login>". */
    requester: text('requester').notNull(),
    day: text('day').notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.requester, t.day] }),
    check('adjustment_daily_totals_not_negative', sql`${t.totalKobo} >= 0`),
  ],
);
