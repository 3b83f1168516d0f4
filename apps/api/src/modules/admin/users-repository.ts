import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { toLocalPhone } from '@owo/shared/phone';
import type { DbOrTx } from '../../db/client';
import { auditLog, identityVerifications, userAccounts, users } from '../../db/schema';
import { selectUsersWithBalance, withBalance } from '../users/repository';

/** The search is plain text: %, _ and \ are LIKE syntax, so they are escaped (\ is the default escape). */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * What an operator types to find a customer: part of the e-mail, first, last or full name, phone
 * number (any spelling of a valid number finds the stored local one) or the number of any of the
 * customer's bank accounts (PalmPay virtual account, Safe Haven sub-account).
 */
function searchFilter(search: string) {
  const pattern = containsPattern(search);
  const local = toLocalPhone(search);
  return or(
    ilike(users.email, pattern),
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
    ilike(users.phoneNumber, pattern),
    local ? eq(users.phoneNumber, local) : undefined,
    sql`exists (select 1 from ${userAccounts} ua where ua.user_id = ${users.id}
                and ua.account_number ilike ${pattern})`,
  );
}

export const adminUsersRepository = {
  async page(db: DbOrTx, options: { page: number; pageSize: number; search?: string }) {
    const filter = options.search ? searchFilter(options.search) : undefined;
    const rows = await selectUsersWithBalance(db)
      .where(filter)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(filter);
    return {
      rows: rows.map(withBalance),
      total: count?.n ?? 0,
    };
  },

  /** The customer's bank accounts (virtual and sub-account), for the profile. */
  async accounts(db: DbOrTx, userId: string) {
    return db
      .select({
        kind: userAccounts.kind,
        provider: userAccounts.provider,
        bankName: userAccounts.bankName,
        accountName: userAccounts.accountName,
        accountNumber: userAccounts.accountNumber,
        status: userAccounts.status,
      })
      .from(userAccounts)
      .where(eq(userAccounts.userId, userId))
      .orderBy(userAccounts.kind);
  },

  /** The newest identity check (NIN/BVN) the customer started, if any: the KYC state's detail. */
  async latestVerification(db: DbOrTx, userId: string) {
    const [row] = await db
      .select({
        type: identityVerifications.type,
        status: identityVerifications.status,
        numberHint: identityVerifications.numberHint,
        createdAt: identityVerifications.createdAt,
      })
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, userId))
      .orderBy(desc(identityVerifications.createdAt))
      .limit(1);
    return row;
  },

  /** The newest suspend or reactivate entry of the customer's audit trail: why, who, when. */
  async lastStatusChange(db: DbOrTx, userId: string) {
    const [row] = await db
      .select({
        action: auditLog.action,
        reason: auditLog.reason,
        actorEmail: auditLog.actorEmail,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'user'),
          eq(auditLog.entityId, userId),
          sql`${auditLog.action} in ('user.suspend', 'user.reactivate')`,
        ),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(1);
    return row;
  },

  /**
   * Sets the account status when it differs (a conditional update, so two admins suspending at
   * once write one change and one audit entry). Answers whether this call changed it.
   */
  async setStatus(tx: DbOrTx, userId: string, status: 'active' | 'disabled', at: Date) {
    const rows = await tx
      .update(users)
      .set({ status, updatedAt: at })
      .where(and(eq(users.id, userId), sql`${users.status} <> ${status}`))
      .returning({ id: users.id });
    return rows.length === 1;
  },
};
