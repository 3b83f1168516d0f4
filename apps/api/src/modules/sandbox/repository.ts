import { and, desc, eq, inArray } from 'drizzle-orm';
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

  /**
   * A deposit of this user (owner-checked) a bank transfer can pay, with what the transfer needs:
   * a checkout (its one-off account) or a verified customer's intent (their permanent account).
   */
  async payableDepositOf(db: DbOrTx, userId: string, id: string) {
    const [row] = await db
      .select({
        kind: deposits.kind,
        status: deposits.status,
        amountKobo: deposits.amountKobo,
        accountNo: deposits.payerAccountNo,
      })
      .from(deposits)
      .where(
        and(
          eq(deposits.id, id),
          eq(deposits.userId, userId),
          inArray(deposits.kind, ['checkout', 'virtual']),
        ),
      )
      .limit(1);
    return row;
  },
};
