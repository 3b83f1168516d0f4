import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

/**
 * A customer's saved beneficiaries: a number (phone, meter, smart card, betting User ID or
 * recipient e-mail) with a name they chose, offered on the matching screen. Owner-only; at most
 * BENEFICIARY_CAP per customer (checked by the service under a lock on the user's row).
 */
export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', {
      enum: ['phone', 'meter', 'smartcard', 'betting', 'recipient'],
    }).notNull(),
    label: text('label').notNull(),
    number: text('number').notNull(),
    /** '' when the kind needs none (a recipient; a phone whose network follows its prefix). */
    provider: text('provider').notNull().default(''),
    providerName: text('provider_name'),
    meterType: text('meter_type', { enum: ['prepaid', 'postpaid'] }),
    /** Copied from the customer's own latest order for this number, never from the client. */
    verifiedName: text('verified_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('beneficiaries_user_number_key').on(t.userId, t.kind, t.provider, t.number),
    index('beneficiaries_user_created_idx').on(t.userId, t.createdAt),
    check(
      'beneficiaries_kind_check',
      sql`${t.kind} in ('phone', 'meter', 'smartcard', 'betting', 'recipient')`,
    ),
    check('beneficiaries_label_length', sql`char_length(${t.label}) between 1 and 40`),
  ],
);
