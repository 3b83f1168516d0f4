import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One schema for PGlite and PostgreSQL. Money columns are bigint kobo (mode 'number': values stay
 * far below 2^53 kobo, and assertKobo guards every conversion).
 */
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    gender: text('gender').notNull().default(''),
    birthDate: text('birth_date').notNull().default(''),
    isVerified: boolean('is_verified').notNull().default(false),
    isGoogleUser: boolean('is_google_user').notNull().default(false),
    googleSubject: text('google_subject'),
    isKycVerified: boolean('is_kyc_verified').notNull().default(false),
    imageUrl: text('image_url').notNull().default(''),
    thumbnailUrl: text('thumbnail_url').notNull().default(''),
    originalImageUrl: text('original_image_url').notNull().default(''),
    pinHash: text('pin_hash'),
    pinFailedAttempts: integer('pin_failed_attempts').notNull().default(0),
    pinLockedUntil: timestamp('pin_locked_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
  ],
);

/**
 * Ledger accounts: one wallet per user (created with the user) and the system accounts (seeded by
 * migration 0001, see ledger/accounts.ts). balance_kobo is credits minus debits, a cache of the
 * transfers updated in the same transaction; a wallet can never go negative (CHECK).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id),
    code: text('code'),
    balanceKobo: bigint('balance_kobo', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_wallet_key')
      .on(t.userId)
      .where(sql`${t.kind} = 'user_wallet'`),
    uniqueIndex('ledger_accounts_code_key').on(t.code),
    check(
      'ledger_accounts_wallet_not_negative',
      sql`${t.kind} <> 'user_wallet' or ${t.balanceKobo} >= 0`,
    ),
  ],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['auth', 'reset', 'pin'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('otp_codes_email_purpose_created_idx').on(t.email, t.purpose, t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ipAddress: text('ip_address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** Throttle events (failed logins and the like), counted per key over a window. */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_events_key_created_idx').on(t.key, t.createdAt)],
);

/** The history a customer sees: one row per money event (purchase, credit, transfer, deposit). */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: ['debit', 'credit'] }).notNull(),
    serviceType: text('service_type').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'success', 'failed'] }).notNull(),
    reference: text('reference').notNull(),
    description: text('description').notNull().default(''),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('transactions_reference_key').on(t.reference),
    index('transactions_user_created_idx').on(t.userId, t.createdAt),
    check('transactions_amount_positive', sql`${t.amountKobo} > 0`),
    check('transactions_status_check', sql`${t.status} in ('pending', 'success', 'failed')`),
  ],
);

/**
 * The journal. Never updated or deleted; a correction is a new transfer. Each transfer belongs to
 * the business row (transactions) written in the same database transaction.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey(),
    debitAccountId: uuid('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: uuid('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transfers_debit_idx').on(t.debitAccountId),
    index('ledger_transfers_credit_idx').on(t.creditAccountId),
    index('ledger_transfers_transaction_idx').on(t.transactionId),
    check('ledger_transfers_amount_positive', sql`${t.amountKobo} > 0`),
    check('ledger_transfers_distinct_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);

/**
 * A purchase's provider state machine (processing → delivered | failed, or → pending → …). The
 * state moves out of processing/pending exactly once, by a conditional update in the same
 * transaction as the post or void transfers.
 */
export const purchases = pgTable(
  'purchases',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    product: text('product', { enum: ['airtime', 'data', 'cable', 'electricity'] }).notNull(),
    supplier: text('supplier', { enum: ['vtpass', 'datastation', 'ogdams'] }).notNull(),
    state: text('state', { enum: ['processing', 'pending', 'delivered', 'failed'] }).notNull(),
    /** What was (or will be) sent to the current supplier, so requery and fallback can repeat it. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    /** Our id for the current supplier attempt (VTpass request_id, DataStation ident, …). */
    supplierRequestId: text('supplier_request_id').notNull(),
    supplierReference: text('supplier_reference'),
    sellingKobo: bigint('selling_kobo', { mode: 'number' }).notNull(),
    costKobo: bigint('cost_kobo', { mode: 'number' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastDescription: text('last_description').notNull().default(''),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('purchases_supplier_request_key').on(t.supplier, t.supplierRequestId),
    index('purchases_open_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.state} in ('processing', 'pending')`),
  ],
);

/** Plans with the supplier's cost and our selling price; customers see only available ones. */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplier: text('supplier', { enum: ['vtpass', 'datastation', 'ogdams'] }).notNull(),
    category: text('category', { enum: ['data', 'cable'] }).notNull(),
    /** Network name (MTN …), cable name (GOTV …) or VTpass serviceID (mtn-data, dstv …). */
    service: text('service').notNull(),
    /** The supplier's plan id: data_id, planId, cablePlanID or variation_code. */
    externalId: text('external_id').notNull(),
    networkId: integer('network_id'),
    planType: text('plan_type').notNull().default(''),
    name: text('name').notNull().default(''),
    size: text('size').notNull().default(''),
    validity: text('validity').notNull().default(''),
    costKobo: bigint('cost_kobo', { mode: 'number' }).notNull(),
    sellingKobo: bigint('selling_kobo', { mode: 'number' }).notNull(),
    isAvailable: boolean('is_available').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('plans_supplier_plan_key').on(t.supplier, t.category, t.service, t.externalId),
    check('plans_prices_positive', sql`${t.costKobo} > 0 and ${t.sellingKobo} > 0`),
  ],
);

/** Idempotency-Key records: the first reply is kept and replayed; a different body is refused. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The order the key created; a replay before the first reply was stored reads it. */
    transactionId: uuid('transaction_id').references(() => transactions.id),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Service shutdowns (the admin switch arrives later; no row means the service is on). */
export const serviceSwitches = pgTable('service_switches', {
  service: text('service').primaryKey(),
  shutdownUntil: timestamp('shutdown_until', { withTimezone: true }),
  reason: text('reason').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
