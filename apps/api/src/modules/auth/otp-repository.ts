import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { otpCodes } from '../../db/schema';

export type OtpPurpose = 'auth' | 'reset' | 'pin';
export type OtpRow = typeof otpCodes.$inferSelect;

export const otpRepository = {
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

  /**
   * Claims one try at the open code of (email, purpose): attempts + 1 in one conditional UPDATE
   * (the KYC code check's pattern), so concurrent tries cannot exceed `maxAttempts` however many
   * arrive at once. Undefined: no open, unexpired code with a try left. The caller compares only
   * after this, and burns the code when the claimed try was the last and wrong.
   */
  async claimAttempt(
    db: DbOrTx,
    email: string,
    purpose: OtpPurpose,
    maxAttempts: number,
    now: Date,
  ): Promise<Pick<OtpRow, 'id' | 'codeHash' | 'attempts'> | undefined> {
    const latest = db
      .select({ id: otpCodes.id })
      .from(otpCodes)
      .where(
        and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)),
      )
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    const [row] = await db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(
        and(
          eq(otpCodes.id, sql`(${latest})`),
          isNull(otpCodes.consumedAt),
          gt(otpCodes.expiresAt, now),
          lt(otpCodes.attempts, maxAttempts),
        ),
      )
      .returning({ id: otpCodes.id, codeHash: otpCodes.codeHash, attempts: otpCodes.attempts });
    return row;
  },

  /** Gives a right answer's try back (a check that did not use the code, decision 0059). */
  async returnAttempt(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(otpCodes)
      .set({ attempts: sql`greatest(${otpCodes.attempts} - 1, 0)` })
      .where(eq(otpCodes.id, id));
  },

  /** A wrong last try: the code is used up. */
  async burn(db: DbOrTx, id: string, now: Date): Promise<void> {
    await db
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)));
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
