import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { otpCodes } from '../../db/schema';

export type OtpPurpose = 'auth' | 'reset' | 'pin';
export type OtpRow = typeof otpCodes.$inferSelect;

export const otpRepository = {
  /** Codes issued since each of two moments, in one query (the minute and hour limits). */
  async countsSince(
    db: DbOrTx,
    email: string,
    purpose: OtpPurpose,
    recent: Date,
    older: Date,
  ): Promise<{ recent: number; older: number }> {
    const [row] = await db
      .select({
        recent:
          sql<number>`count(*) filter (where ${otpCodes.createdAt} >= ${recent.toISOString()}::timestamptz)`.mapWith(
            Number,
          ),
        older: sql<number>`count(*)`.mapWith(Number),
      })
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.email, email),
          eq(otpCodes.purpose, purpose),
          gte(otpCodes.createdAt, older),
        ),
      );
    return { recent: row?.recent ?? 0, older: row?.older ?? 0 };
  },

  /** A new code replaces every earlier one of the same purpose. */
  async replace(
    db: DbOrTx,
    values: {
      email: string;
      purpose: OtpPurpose;
      codeHash: string;
      createdAt: Date;
      expiresAt: Date;
    },
  ): Promise<void> {
    await db
      .update(otpCodes)
      .set({ consumedAt: values.createdAt })
      .where(
        and(
          eq(otpCodes.email, values.email),
          eq(otpCodes.purpose, values.purpose),
          isNull(otpCodes.consumedAt),
        ),
      );
    await db.insert(otpCodes).values(values);
  },

  async latestOpen(db: DbOrTx, email: string, purpose: OtpPurpose): Promise<OtpRow | undefined> {
    const rows = await db
      .select()
      .from(otpCodes)
      .where(
        and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)),
      )
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    return rows[0];
  },

  /** Counts a wrong try; the code burns at maxAttempts. Returns the attempts after this one. */
  async recordFailure(db: DbOrTx, id: string, maxAttempts: number, now: Date): Promise<number> {
    const [row] = await db
      .update(otpCodes)
      .set({
        attempts: sql`${otpCodes.attempts} + 1`,
        consumedAt: sql`case when ${otpCodes.attempts} + 1 >= ${maxAttempts} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
      .returning({ attempts: otpCodes.attempts });
    return row?.attempts ?? maxAttempts;
  },

  /** Marks the code used; false when another request used it first (single use under races). */
  async consume(db: DbOrTx, id: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id });
    return rows.length === 1;
  },
};
