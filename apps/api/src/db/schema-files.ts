import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema';

/**
 * bytea as a Buffer on both drivers: node-postgres hands back a Buffer, PGlite a Uint8Array.
 */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded pictures (avatars in three sizes, airtime-to-cash screenshots), re-encoded and small,
 * kept in the database so every API node serves them (decision 0021). Only their owner and
 * admins may read them (GET /api/files/:id).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', {
      enum: ['avatar_original', 'avatar', 'avatar_thumb', 'swap_screenshot'],
    }).notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stored_files_owner_kind_idx').on(t.ownerId, t.kind),
    check(
      'stored_files_kind_check',
      sql`${t.kind} in ('avatar_original', 'avatar', 'avatar_thumb', 'swap_screenshot')`,
    ),
    check('stored_files_size_check', sql`${t.sizeBytes} = octet_length(${t.bytes})`),
  ],
);
