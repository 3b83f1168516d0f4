import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserWithBalance = UserRow & { balanceKobo: number };

/** Users with their wallet balance; callers add where/order/limit. */
export function selectUsersWithBalance(db: DbOrTx) {
  return db
    .select({
      user: users,
      balanceKobo: sql<number>`coalesce(${ledgerAccounts.balanceKobo}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.userId, users.id), eq(ledgerAccounts.kind, 'user_wallet')),
    )
    .$dynamic();
}

export function withBalance(row: { user: UserRow; balanceKobo: number }): UserWithBalance {
  return { ...row.user, balanceKobo: row.balanceKobo };
}

export const usersRepository = {
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
