import { sql, type SQL } from 'drizzle-orm';
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { apiKeys } from './schema-developer';
import { searchTextOf } from './transaction-search-text';

/**
 * One schema for PGlite and PostgreSQL. Money columns are bigint kobo (mode 'number': values stay
 * far below 2^53 kobo, and assertKobo guards every conversion).
 */
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Reseller price tiers (decision 0090): the discount, in basis points per product, a customer on
 * the tier gets off our selling price (never below our cost). 'standard' is every customer's
 * until an admin moves them; the codes are fixed by the migration, the discounts are the admins'.
 */
export const priceTiers = pgTable(
  'price_tiers',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    dataBps: integer('data_bps').notNull().default(0),
    airtimeBps: integer('airtime_bps').notNull().default(0),
    cableBps: integer('cable_bps').notNull().default(0),
    electricityBps: integer('electricity_bps').notNull().default(0),
    bettingBps: integer('betting_bps').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references((): AnyPgColumn => users.id),
  },
  (t) => [
    check(
      'price_tiers_bps_range',
      sql`least(${t.dataBps}, ${t.airtimeBps}, ${t.cableBps}, ${t.electricityBps}, ${t.bettingBps}) >= 0
        and greatest(${t.dataBps}, ${t.airtimeBps}, ${t.cableBps}, ${t.electricityBps}, ${t.bettingBps}) <= 5000`,
    ),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['user', 'admin', 'support'] })
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
    /** The customer's price tier (decision 0090); an admin sets it. */
    priceTier: text('price_tier')
      .notNull()
      .default('standard')
      .references((): AnyPgColumn => priceTiers.code),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
    index('users_created_idx').on(t.createdAt),
    check('users_role_check', sql`${t.role} in ('user', 'admin', 'support')`),
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
    /** The last request (to the minute) for the Security screen's device list; null: none yet. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
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
    /**
     * The customer's history search reads this one column (transaction-search-text.ts). Two
     * indexes on it live in the migration that added it, as drizzle cannot declare them: a
     * trigram GIN (when pg_trgm exists) and (user_id, created_at, id) INCLUDE (search_text,
     * amount_kobo) for index-only counts and pages of one user.
     */
    searchText: text('search_text').generatedAlwaysAs((): SQL => searchTextOf(transactions)),
  },
  (t) => [
    uniqueIndex('transactions_reference_key').on(t.reference),
    index('transactions_user_created_idx').on(t.userId, t.createdAt),
    // The admin transaction list and live analytics read time ranges over all users.
    index('transactions_created_idx').on(t.createdAt),
    // No index may cover status or updated_at (in its columns, INCLUDE, expression or WHERE): the
    // settlement changes them, and its update stays HOT (no new index entries) only while no index
    // reads them; the table's fillfactor (migration 0030) leaves the room on the page. The admin's
    // status filter reads the time index, and open orders through purchases (decision 0083).
    index('transactions_service_created_idx').on(t.serviceType, t.createdAt),
    check('transactions_amount_positive', sql`${t.amountKobo} > 0`),
    check('transactions_status_check', sql`${t.status} in ('pending', 'success', 'failed')`),
  ],
);

/**
 * The journal. Never updated or deleted; a correction is a new transfer. Each transfer belongs to
 * the business row (transactions) written in the same database transaction.
 * Partitioned by month of created_at (migration 0031, decision 0085): the primary key must hold
 * the partition key, so it is (id, created_at); ids are random, and nothing looks a transfer up
 * by its id alone.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').notNull(),
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
    primaryKey({ columns: [t.id, t.createdAt] }),
    index('ledger_transfers_debit_idx').on(t.debitAccountId),
    index('ledger_transfers_credit_idx').on(t.creditAccountId),
    index('ledger_transfers_transaction_idx').on(t.transactionId),
    // The incremental audit reads the transfers after its checkpoint (decision 0076).
    index('ledger_transfers_created_idx').on(t.createdAt, t.id),
    check('ledger_transfers_amount_positive', sql`${t.amountKobo} > 0`),
    check('ledger_transfers_distinct_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);

/**
 * Where the incremental ledger audit stands (decision 0076): the journal checked up to
 * checked_to, the rolling full pass's lap (transfers up to lap_to, read from its cursor) and the
 * accounts cursor. One row, 'ledger', locked by the pass that advances it.
 */
export const ledgerAuditCheckpoints = pgTable('ledger_audit_checkpoints', {
  name: text('name').primaryKey(),
  checkedTo: timestamp('checked_to', { withTimezone: true }),
  lapTo: timestamp('lap_to', { withTimezone: true }),
  lapCursorAt: timestamp('lap_cursor_at', { withTimezone: true }),
  lapCursorId: uuid('lap_cursor_id'),
  accountCursor: uuid('account_cursor'),
  /** The failed checks of the last lap's end, reported until a lap ends clean. */
  lapFailure: jsonb('lap_failure').$type<{ name: string; violations: unknown[] }[]>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per account: its transfers summed up to the checkpoint (journal) and by the running lap. */
export const ledgerAuditSums = pgTable('ledger_audit_sums', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => ledgerAccounts.id),
  journalKobo: bigint('journal_kobo', { mode: 'number' }).notNull().default(0),
  lapKobo: bigint('lap_kobo', { mode: 'number' }).notNull().default(0),
});

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
    product: text('product', {
      enum: ['airtime', 'data', 'cable', 'electricity', 'betting'],
    }).notNull(),
    supplier: text('supplier', {
      enum: ['vtpass', 'datastation', 'ogdams', 'palmpay', 'safehaven'],
    }).notNull(),
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
    /** The supplier's last reply as it came (pay or requery), for the admin who must decide. */
    lastAnswer: jsonb('last_answer').$type<unknown>(),
    /**
     * Set when no documented lookup can settle the order (a Safe Haven pay reply lost with its
     * id): it waits for an admin from then on, not from NEEDS_DECISION_AFTER_MS (migration 0022).
     */
    needsDecisionAt: timestamp('needs_decision_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The API key that placed the order (decision 0087); null for the app's own orders. */
    apiKeyId: uuid('api_key_id').references((): AnyPgColumn => apiKeys.id),
    /** The reseller's own reference for an API order, unique per key. */
    clientReference: text('client_reference'),
    /**
     * The customer's price tier when the order was placed (decision 0090), for the margin figures
     * per tier. No foreign key: the hot path's insert stays one row, and tiers are never deleted.
     */
    priceTier: text('price_tier').notNull().default('standard'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('purchases_client_reference_key')
      .on(t.apiKeyId, t.clientReference)
      .where(sql`${t.apiKeyId} is not null`),
    // A key's purchases of the last minute, counted by the reserve (decision 0088); app orders
    // (no key) are not in it and cost it nothing.
    index('purchases_api_key_created_idx')
      .on(t.apiKeyId, t.createdAt)
      .where(sql`${t.apiKeyId} is not null`),
    uniqueIndex('purchases_supplier_request_key').on(t.supplier, t.supplierRequestId),
    index('purchases_supplier_reference_idx')
      .on(t.supplier, t.supplierReference)
      .where(sql`${t.supplierReference} is not null`),
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
    /**
     * Set by the settlement of the order the key created (owo_order_settle): a replay answers
     * from that order as it stands, built from its row like the first reply, never a prediction.
     */
    answeredByOrder: boolean('answered_by_order').notNull().default(false),
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

// ---------------------------------------------------------------- money in and across

/**
 * NIN/BVN verifications with Safe Haven. The number itself is never stored: only a keyed digest
 * (lib/hashing) to match it when the sub-account is created, and its last 3 digits for display.
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: ['NIN', 'BVN'] }).notNull(),
    numberDigest: text('number_digest').notNull(),
    numberHint: text('number_hint').notNull().default(''),
    /** Safe Haven's identityId (data._id of identity/v2). */
    providerIdentityId: text('provider_identity_id').notNull(),
    /** mismatch: the code was right but the holder is not the profile (decision 0055). */
    status: text('status', {
      enum: ['initiated', 'validated', 'failed', 'completed', 'mismatch'],
    }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    /** Who the supplier said holds the number, and the profile it was compared with. */
    holderName: text('holder_name').notNull().default(''),
    holderBirthDate: text('holder_birth_date').notNull().default(''),
    profileName: text('profile_name').notNull().default(''),
    profileBirthDate: text('profile_birth_date').notNull().default(''),
    /** What did not match: 'name' or 'birthDate' ('' when it matched). */
    mismatch: text('mismatch').notNull().default(''),
    /** The admin review of a mismatch: '' (none), pending, approved, rejected. */
    reviewStatus: text('review_status', { enum: ['', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default(''),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('identity_verifications_provider_id_key').on(t.providerIdentityId),
    index('identity_verifications_user_idx').on(t.userId, t.createdAt),
    index('identity_verifications_review_idx').on(t.reviewStatus, t.createdAt),
  ],
);

/**
 * Who holds each identity number: one NIN (or BVN) opens one KYC-verified wallet. The row is
 * claimed before any supplier is asked to open accounts, so of several wallets that validated the
 * same number at once exactly one gets past the primary key; the others answer IDENTITY_IN_USE
 * and open nothing (docs/decisions/0016).
 */
export const identityHolders = pgTable(
  'identity_holders',
  {
    type: text('type', { enum: ['NIN', 'BVN'] }).notNull(),
    /** The keyed digest of identity_verifications.number_digest. */
    numberDigest: text('number_digest').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.numberDigest] }),
    index('identity_holders_user_idx').on(t.userId),
  ],
);

/**
 * Bank accounts held for a user: the Safe Haven sub-account (kind subaccount) and the PalmPay
 * virtual account deposits arrive in (kind virtual). At most one of each kind per user.
 */
export const userAccounts = pgTable(
  'user_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['palmpay', 'safehaven'] }).notNull(),
    kind: text('kind', { enum: ['virtual', 'subaccount'] }).notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    /** Our reference sent to the provider (accountReference / externalReference). */
    externalReference: text('external_reference').notNull(),
    status: text('status').notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_accounts_user_kind_key').on(t.userId, t.kind),
    uniqueIndex('user_accounts_number_key').on(t.provider, t.accountNumber),
  ],
);

/**
 * Deposit intents: a PalmPay bank-transfer checkout session (unverified users) or a request to
 * pay into the user's virtual account (verified users). The credit itself is a transactions row
 * written with the webhook event that proved the money arrived.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['checkout', 'virtual'] }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** Our order number (PalmPay outOrderNo). */
    reference: text('reference').notNull(),
    providerOrderNo: text('provider_order_no'),
    sdkSessionId: text('sdk_session_id'),
    payerAccountNo: text('payer_account_no').notNull().default(''),
    payerBankName: text('payer_bank_name').notNull().default(''),
    payerAccountName: text('payer_account_name').notNull().default(''),
    status: text('status', { enum: ['pending', 'completed', 'failed', 'expired'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    creditedKobo: bigint('credited_kobo', { mode: 'number' }).notNull().default(0),
    /** The credit row once money arrived. */
    transactionId: uuid('transaction_id').references(() => transactions.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('deposits_reference_key').on(t.reference),
    uniqueIndex('deposits_sdk_session_key').on(t.sdkSessionId),
    index('deposits_payer_account_idx').on(t.payerAccountNo),
    index('deposits_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Every webhook delivery we acted on, under the provider's unique event id. Inserted in the same
 * transaction as the credit it causes, so a replay or a concurrent duplicate credits once.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_events_provider_event_key').on(t.provider, t.eventId)],
);

/** A transfer between two users: one ledger transfer, a history row for each side. */
export const walletTransfers = pgTable(
  'wallet_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    note: text('note').notNull().default(''),
    debitTransactionId: uuid('debit_transaction_id')
      .notNull()
      .references(() => transactions.id),
    creditTransactionId: uuid('credit_transaction_id')
      .notNull()
      .references(() => transactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_transfers_sender_idx').on(t.senderId, t.createdAt),
    // A statement finds the transfer behind a recipient's credit row (decision 0034).
    index('wallet_transfers_credit_transaction_idx').on(t.creditTransactionId),
    check('wallet_transfers_amount_positive', sql`${t.amountKobo} > 0`),
    check('wallet_transfers_distinct_users', sql`${t.senderId} <> ${t.recipientId}`),
  ],
);

/**
 * Credits that arrived over the wallet's balance cap: kept (money already received is never
 * refused) and listed here for an admin to review.
 */
export const reviewFlags = pgTable(
  'review_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    reason: text('reason').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('review_flags_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

// ---------------------------------------------------------------- airtime to cash

/**
 * Airtime-to-cash requests. Amounts in kobo. The state machine is in docs/decisions/0010; a swap
 * leaves a state only by a conditional update, so two admins cannot both pay it.
 */
export const airtimeSwaps = pgTable(
  'airtime_swaps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The reference users and admins see (e.g. SWP-7K3Q9X2M). */
    swapId: text('swap_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    network: text('network', { enum: ['MTN', 'AIRTEL'] }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    expectedPayoutKobo: bigint('expected_payout_kobo', { mode: 'number' }).notNull(),
    ratePercent: integer('rate_percent').notNull(),
    userPhone: text('user_phone').notNull(),
    recipientPhone: text('recipient_phone').notNull(),
    paymentMethod: text('payment_method', { enum: ['wallet', 'bank'] }).notNull(),
    walletEmail: text('wallet_email').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    accountNumber: text('account_number').notNull().default(''),
    accountName: text('account_name').notNull().default(''),
    screenshotUrl: text('screenshot_url').notNull().default(''),
    status: text('status', {
      enum: [
        'PENDING_TRANSFER',
        'AWAITING_VERIFICATION',
        'PROCESSING',
        'COMPLETED',
        'REJECTED',
        'CANCELLED',
      ],
    }).notNull(),
    verifiedBy: uuid('verified_by').references(() => users.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    adminNote: text('admin_note').notNull().default(''),
    payoutReference: text('payout_reference').notNull().default(''),
    /** The history/ledger row of the payout once completed. */
    transactionId: uuid('transaction_id').references(() => transactions.id),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('airtime_swaps_swap_id_key').on(t.swapId),
    // One unfinished swap per user, enforced by the database, not only by a read-then-write.
    uniqueIndex('airtime_swaps_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('PENDING_TRANSFER', 'AWAITING_VERIFICATION', 'PROCESSING')`),
    index('airtime_swaps_user_created_idx').on(t.userId, t.createdAt),
    index('airtime_swaps_status_created_idx').on(t.status, t.createdAt),
    check('airtime_swaps_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

/** Who did what to a swap and when (every admin action; the audit log generalises it). */
export const airtimeSwapEvents = pgTable(
  'airtime_swap_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    swapId: uuid('swap_id')
      .notNull()
      .references(() => airtimeSwaps.id),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('airtime_swap_events_swap_idx').on(t.swapId, t.createdAt)],
);

// ---------------------------------------------------------------- the admin area

/**
 * Every admin action (price, availability, shutdown and restore, discount, swap action, refund,
 * reverse, approve, CLI credit): who, when, what, and the state before and after. Written in the
 * same transaction as the change it records, so the log never claims a change that rolled back.
 * The CLI has no signed-in admin: actor_id is then null and actor_email says who ran it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id),
    actorEmail: text('actor_email').notNull(),
    /** Dotted verb, e.g. plan.price, plan.availability, system.shutdown, order.refund. */
    action: text('action').notNull(),
    /** What it acted on: plan, service, setting, swap, transaction, user. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_created_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_created_idx').on(t.action, t.createdAt),
  ],
);

/**
 * Problems an operator must fix at a supplier (credentials, IP whitelist, our float there, a
 * service switched off): written in the transaction that refunds the order that met it, so an
 * alert exists exactly when the refund does.
 */
export const operatorAlerts = pgTable(
  'operator_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplier: text('supplier').notNull(),
    message: text('message').notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [index('operator_alerts_created_idx').on(t.createdAt)],
);

/** Admin settings by key (utility_discount_bps …); a missing key means the default. */
export const adminSettings = pgTable('admin_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Admin actions on an order that move money (refund, reverse) or settle it (approve). The unique
 * index makes each of them happen at most once per order, whatever the concurrency.
 */
export const orderActions = pgTable(
  'order_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    action: text('action', { enum: ['approve', 'refund', 'reverse'] }).notNull(),
    /** Null when the supplier took the order back itself (its webhook; decision 0044). */
    actorId: uuid('actor_id').references(() => users.id),
    reason: text('reason').notNull().default(''),
    /** The credit row a reverse writes (the money back to the wallet), when there is one. */
    resultTransactionId: uuid('result_transaction_id').references(() => transactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_actions_once_key').on(t.transactionId, t.action)],
);

/**
 * Analytics rollups: per Lagos calendar day and category (airtime, data, tvSubscription,
 * electricity, deposit, bank_transfer, betting, …) and status, the count, the amount and the
 * profit of the day's transactions. A day is rolled up once it is over and has nothing pending
 * (analytics_days marks it); newer days are read live. Keeps the dashboard fast at millions of
 * rows without touching the purchase path.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: text('day').notNull(),
    category: text('category').notNull(),
    status: text('status').notNull(),
    txCount: integer('tx_count').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    profitKobo: bigint('profit_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.category, t.status] })],
);

/** Days whose rollup rows are complete (day is YYYY-MM-DD in Lagos time). */
export const analyticsDays = pgTable('analytics_days', {
  day: text('day').primaryKey(),
  /** Distinct users who transacted that day (kept for active-user figures over a period). */
  activeUsers: integer('active_users').notNull().default(0),
  newUsers: integer('new_users').notNull().default(0),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

// Uploaded pictures live in their own file (the schema is long enough); one schema for drizzle.
export * from './schema-files';
// Saved beneficiaries (decision 0035) in their own file too.
export * from './schema-beneficiaries';
// The notification centre's own rows (decision 0033).
export * from './schema-notifications';
// Admin e-mail alerts' occurrences (decision 0030).
export * from './schema-alerts';
// The daily limit's running totals, kept by a trigger (decision 0040).
export * from './schema-outflows';
// Suppliers' webhooks seen verified or refused (decision 0045).
export * from './schema-supplier-webhooks';
// Maker–checker requests for staff money movement and refunded orders delivered late (0047, 0048).
export * from './schema-adjustments';
// Earlier password hashes, so a reset cannot bring an old password back (decision 0059).
export * from './schema-password-history';
// The sets of database function files the migrations applied (decision 0072).
export * from './schema-function-files';
// API keys and the webhook deliveries of their orders.
export * from './schema-developer';
