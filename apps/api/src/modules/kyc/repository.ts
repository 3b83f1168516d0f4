import { and, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { identityHolders, identityVerifications, userAccounts, users } from '../../db/schema';

export type IdentityRow = typeof identityVerifications.$inferSelect;
export type NewIdentity = typeof identityVerifications.$inferInsert;
export type UserAccountRow = typeof userAccounts.$inferSelect;
export type NewUserAccount = typeof userAccounts.$inferInsert;
export type IdentityHolder = Pick<
  typeof identityHolders.$inferInsert,
  'type' | 'numberDigest' | 'userId'
>;

/** The SQL of NIN/BVN verifications and of the bank accounts held for users. */
export const kycRepository = {
  async insertIdentity(db: DbOrTx, values: NewIdentity): Promise<IdentityRow> {
    const [row] = await db.insert(identityVerifications).values(values).returning();
    if (!row) throw new Error('insert returned no identity verification');
    return row;
  },

  /** Owner-checked: another user's id reads as nothing. */
  async findIdentity(db: DbOrTx, userId: string, id: string): Promise<IdentityRow | undefined> {
    const [row] = await db
      .select()
      .from(identityVerifications)
      .where(and(eq(identityVerifications.id, id), eq(identityVerifications.userId, userId)))
      .limit(1);
    return row;
  },

  /** The caller's newest verification of one number (by its digest). */
  async latestForNumber(
    db: DbOrTx,
    userId: string,
    type: 'NIN' | 'BVN',
    digest: string,
  ): Promise<IdentityRow | undefined> {
    const [row] = await db
      .select()
      .from(identityVerifications)
      .where(
        and(
          eq(identityVerifications.userId, userId),
          eq(identityVerifications.type, type),
          eq(identityVerifications.numberDigest, digest),
        ),
      )
      .orderBy(desc(identityVerifications.createdAt))
      .limit(1);
    return row;
  },

  /**
   * Claims an identity number for a user before any account is opened with it, and answers who
   * holds it now. The primary key decides a race: a concurrent insert of the same number waits
   * for the first one to commit and then inserts nothing, so exactly one wallet reads itself back.
   */
  async claimIdentity(db: DbOrTx, holder: IdentityHolder): Promise<string | undefined> {
    const [mine] = await db
      .insert(identityHolders)
      .values(holder)
      .onConflictDoNothing()
      .returning({ userId: identityHolders.userId });
    if (mine) return mine.userId;
    const [row] = await db
      .select({ userId: identityHolders.userId })
      .from(identityHolders)
      .where(
        and(
          eq(identityHolders.type, holder.type),
          eq(identityHolders.numberDigest, holder.numberDigest),
        ),
      )
      .limit(1);
    return row?.userId;
  },

  /** Gives a number back, only if this user holds it. */
  async releaseIdentity(db: DbOrTx, holder: IdentityHolder): Promise<void> {
    await db
      .delete(identityHolders)
      .where(
        and(
          eq(identityHolders.type, holder.type),
          eq(identityHolders.numberDigest, holder.numberDigest),
          eq(identityHolders.userId, holder.userId),
        ),
      );
  },

  /** Every number this user holds except the one their accounts were opened with. */
  async releaseOtherIdentities(db: DbOrTx, kept: IdentityHolder): Promise<void> {
    await db
      .delete(identityHolders)
      .where(
        and(
          eq(identityHolders.userId, kept.userId),
          or(
            ne(identityHolders.type, kept.type),
            ne(identityHolders.numberDigest, kept.numberDigest),
          ),
        ),
      );
  },

  /**
   * Takes one OTP attempt before Safe Haven is asked, so concurrent guesses cannot exceed the
   * limit: answers the attempt number, or undefined when none is left (or it is not open).
   */
  async claimAttempt(db: DbOrTx, id: string, maxAttempts: number): Promise<number | undefined> {
    const [row] = await db
      .update(identityVerifications)
      .set({ attempts: sql`${identityVerifications.attempts} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(identityVerifications.id, id),
          eq(identityVerifications.status, 'initiated'),
          lt(identityVerifications.attempts, maxAttempts),
        ),
      )
      .returning({ attempts: identityVerifications.attempts });
    return row?.attempts;
  },

  /** Gives an attempt back when Safe Haven could not answer (not the customer's fault). */
  async returnAttempt(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(identityVerifications)
      .set({
        attempts: sql`greatest(${identityVerifications.attempts} - 1, 0)`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(identityVerifications.id, id), eq(identityVerifications.status, 'initiated')));
  },

  /** A conditional move between statuses; false when the row was not in one of `from`. */
  async moveIdentity(
    db: DbOrTx,
    id: string,
    from: IdentityRow['status'][],
    values: Partial<
      Pick<
        IdentityRow,
        | 'validatedAt'
        | 'holderName'
        | 'holderBirthDate'
        | 'profileName'
        | 'profileBirthDate'
        | 'mismatch'
        | 'reviewStatus'
      >
    > & { status: IdentityRow['status'] },
  ): Promise<boolean> {
    const rows = await db
      .update(identityVerifications)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(identityVerifications.id, id), inArray(identityVerifications.status, from)))
      .returning({ id: identityVerifications.id });
    return rows.length === 1;
  },

  async accountsOf(db: DbOrTx, userId: string): Promise<UserAccountRow[]> {
    return db
      .select()
      .from(userAccounts)
      .where(eq(userAccounts.userId, userId))
      .orderBy(userAccounts.kind);
  },

  async accountOfKind(
    db: DbOrTx,
    userId: string,
    kind: UserAccountRow['kind'],
  ): Promise<UserAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(userAccounts)
      .where(and(eq(userAccounts.userId, userId), eq(userAccounts.kind, kind)))
      .limit(1);
    return row;
  },

  /** Owner-checked. */
  async findAccount(db: DbOrTx, userId: string, id: string): Promise<UserAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(userAccounts)
      .where(and(eq(userAccounts.id, id), eq(userAccounts.userId, userId)))
      .limit(1);
    return row;
  },

  /** The account money arrives in, by the provider's account number (webhooks). */
  async findByNumber(
    db: DbOrTx,
    provider: UserAccountRow['provider'],
    accountNumber: string,
  ): Promise<UserAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(userAccounts)
      .where(
        and(eq(userAccounts.provider, provider), eq(userAccounts.accountNumber, accountNumber)),
      )
      .limit(1);
    return row;
  },

  /** At most one account of each kind per user: a concurrent or repeated insert keeps the first. */
  async insertAccount(db: DbOrTx, values: NewUserAccount): Promise<void> {
    await db
      .insert(userAccounts)
      .values(values)
      .onConflictDoNothing({ target: [userAccounts.userId, userAccounts.kind] });
  },

  async markKycVerified(db: DbOrTx, userId: string): Promise<void> {
    await db
      .update(users)
      .set({ isKycVerified: true, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  },
};

/** The admin review queue of identities whose holder did not match the profile (0055). */
export const kycReviewRepository = {
  /** Pending reviews, oldest first, each with its customer's profile as it is now. */
  async pending(db: DbOrTx) {
    return db
      .select({ identity: identityVerifications, user: users })
      .from(identityVerifications)
      .innerJoin(users, eq(users.id, identityVerifications.userId))
      .where(eq(identityVerifications.reviewStatus, 'pending'))
      .orderBy(identityVerifications.createdAt);
  },

  async find(db: DbOrTx, id: string) {
    const [row] = await db
      .select({ identity: identityVerifications, user: users })
      .from(identityVerifications)
      .innerJoin(users, eq(users.id, identityVerifications.userId))
      .where(eq(identityVerifications.id, id))
      .limit(1);
    return row;
  },

  /** Settles a pending review; false when another admin settled it first. */
  async settle(
    db: DbOrTx,
    id: string,
    values: {
      reviewStatus: 'approved' | 'rejected';
      status: IdentityRow['status'];
      reviewedBy: string;
      reviewedAt: Date;
      reviewNote: string;
    },
  ): Promise<boolean> {
    const rows = await db
      .update(identityVerifications)
      .set({ ...values, updatedAt: sql`now()` })
      .where(
        and(
          eq(identityVerifications.id, id),
          eq(identityVerifications.reviewStatus, 'pending'),
          eq(identityVerifications.status, 'mismatch'),
        ),
      )
      .returning({ id: identityVerifications.id });
    return rows.length === 1;
  },
};
