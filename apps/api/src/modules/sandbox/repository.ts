import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deposits, identityVerifications } from '../../db/schema';

/** The little SQL the sandbox's own routes read (they never write: the real paths do). */
export const sandboxRepository = {
  /** Safe Haven identity ids of one user's NIN/BVN verifications, newest first. */
  async identityIdsOf(db: DbOrTx, userId: string, limit = 20): Promise<string[]> {
    const rows = await db
      .select({ id: identityVerifications.providerIdentityId })
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, userId))
      .orderBy(desc(identityVerifications.createdAt))
      .limit(limit);
    return rows.map((row) => row.id);
  },

  /** A checkout deposit of this user (owner-checked), with what the transfer needs. */
  async checkoutOf(db: DbOrTx, userId: string, id: string) {
    const [row] = await db
      .select({
        status: deposits.status,
        amountKobo: deposits.amountKobo,
        accountNo: deposits.payerAccountNo,
      })
      .from(deposits)
      .where(and(eq(deposits.id, id), eq(deposits.userId, userId), eq(deposits.kind, 'checkout')))
      .limit(1);
    return row;
  },
};
