import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, sessions, userAccounts, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
/** The PalmPay virtual account deposits arrive in, when the user has one. */
export interface VirtualAccountSummary {
  id: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  status: string;
}
export type UserWithBalance = UserRow & {
  balanceKobo: number;
  virtualAccount?: VirtualAccountSummary | null;
};

/**
 * Users with their wallet balance and virtual account (at most one per user, so the join never
 * adds rows); callers add where/order/limit.
 */
const userWithBalanceColumns = {
  user: users,
  balanceKobo: sql<number>`coalesce(${ledgerAccounts.balanceKobo}, 0)`.mapWith(Number),
  virtualAccount: {
    id: userAccounts.id,
    bankName: userAccounts.bankName,
    accountName: userAccounts.accountName,
    accountNumber: userAccounts.accountNumber,
    status: userAccounts.status,
  },
};

export function selectUsersWithBalance(db: DbOrTx) {
  return db
    .select(userWithBalanceColumns)
    .from(users)
    .leftJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.userId, users.id), eq(ledgerAccounts.kind, 'user_wallet')),
    )
    .leftJoin(
      userAccounts,
      and(eq(userAccounts.userId, users.id), eq(userAccounts.kind, 'virtual')),
    )
    .$dynamic();
}

export function withBalance(row: {
  user: UserRow;
  balanceKobo: number;
  virtualAccount?: VirtualAccountSummary | null;
}): UserWithBalance {
  return { ...row.user, balanceKobo: row.balanceKobo, virtualAccount: row.virtualAccount ?? null };
}

function prepareSessionQuery(db: DbOrTx) {
  return db
    .select({
      ...userWithBalanceColumns,
      session: {
        id: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.userId, users.id), eq(ledgerAccounts.kind, 'user_wallet')),
    )
    .leftJoin(
      userAccounts,
      and(eq(userAccounts.userId, users.id), eq(userAccounts.kind, 'virtual')),
    )
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('session_with_user');
}
/** One prepared session query per database handle. */
const sessionQueries = new WeakMap<DbOrTx, ReturnType<typeof prepareSessionQuery>>();

export const usersRepository = {
  /**
   * The live session of a token digest and its user with balance, in one query: every signed-in
   * request starts here, so it costs one round trip, not two — a named prepared statement, so
   * each connection parses and plans it once.
   */
  /**
   * Past its lifetime too: the caller refuses it and says why (SESSION_EXPIRED, decision 0049),
   * where a revoked or unknown token is simply unauthorised.
   */
  async findBySession(db: DbOrTx, tokenHash: string) {
    let prepared = sessionQueries.get(db);
    if (!prepared) {
      prepared = prepareSessionQuery(db);
      sessionQueries.set(db, prepared);
    }
    const [row] = await prepared.execute({ tokenHash });
    return row && { session: row.session, user: withBalance(row) };
  },

  async findById(db: DbOrTx, id: string): Promise<UserWithBalance | undefined> {
    const [row] = await selectUsersWithBalance(db).where(eq(users.id, id)).limit(1);
    return row && withBalance(row);
  },

  async findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return rows[0];
  },

  async findByGoogleSubject(db: DbOrTx, subject: string): Promise<UserRow | undefined> {
    const rows = await db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
    return rows[0];
  },

  /** Inserts the user and opens its wallet; call inside the caller's transaction. */
  async insertWithWallet(tx: DbOrTx, values: NewUser): Promise<UserRow> {
    const [user] = await tx.insert(users).values(values).returning();
    if (!user) throw new Error('insert returned no user');
    await tx.insert(ledgerAccounts).values({ kind: 'user_wallet', userId: user.id });
    return user;
  },

  async update(db: DbOrTx, id: string, values: Partial<NewUser>): Promise<UserRow | undefined> {
    const [user] = await db
      .update(users)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return user;
  },
};
