import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { transactions, users } from './schema';

/**
 * A reseller's API keys (Profile → Developer, decision 0087). The key itself is shown once and
 * stored only as its SHA-256 (a high-entropy random string needs no slow hash); `prefix` is the
 * recognisable start shown in lists (`owo_live_AbC12345`). `mode` is the deployment's: a sandbox
 * deployment (suppliers are the simulators) issues `owo_test_` keys, a live one `owo_live_`.
 * Scopes: `read` (balance, catalogue, orders), `purchase` (buy). `allowed_ips`: addresses or CIDR
 * blocks; empty admits any. The webhook secret is not stored: it is derived from the server
 * secret and the key's id (developer/webhook-secret.ts).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    mode: text('mode', { enum: ['live', 'test'] }).notNull(),
    prefix: text('prefix').notNull(),
    keyDigest: text('key_digest').notNull(),
    scopes: text('scopes').array().notNull(),
    allowedIps: text('allowed_ips')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where final outcomes of this key's orders are posted; none sends nothing. */
    webhookUrl: text('webhook_url'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_keys_digest_key').on(t.keyDigest),
    index('api_keys_user_idx').on(t.userId, t.createdAt),
    check('api_keys_mode_check', sql`${t.mode} in ('live', 'test')`),
    check('api_keys_scopes_check', sql`${t.scopes} <@ array['read', 'purchase']::text[]`),
  ],
);

/**
 * One signed notice per final outcome of an API order (delivered, failed, reversed), queued in
 * the transaction that reached the outcome and posted later by the webhook job, so an outbound
 * call never holds a purchase. `body` is fixed when queued: retries and replays send the same
 * bytes (each signed with its own timestamp). Retried with backoff for 24 hours from `created_at`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    event: text('event', {
      enum: ['purchase.delivered', 'purchase.failed', 'purchase.reversed'],
    }).notNull(),
    body: text('body').notNull(),
    state: text('state', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_outcome_key').on(t.transactionId, t.event),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_key_idx').on(t.apiKeyId, t.createdAt),
  ],
);
