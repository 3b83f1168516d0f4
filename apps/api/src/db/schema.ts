import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
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
 * Ledger accounts. This issue creates each user's wallet with its user; the transfers journal and
 * the system accounts arrive with the ledger. A wallet can never go negative (CHECK).
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
