import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, users } from '../../db/schema';

export const adminUsersRepository = {
  async page(db: DbOrTx, options: { page: number; pageSize: number; search?: string }) {
    const filter = options.search
      ? or(
          ilike(users.email, `%${options.search}%`),
          ilike(users.firstName, `%${options.search}%`),
          ilike(users.lastName, `%${options.search}%`),
        )
      : undefined;
    const rows = await db
      .select({
        user: users,
        balanceKobo: sql<number>`coalesce(${ledgerAccounts.balanceKobo}, 0)`.mapWith(Number),
      })
      .from(users)
      .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.userId, users.id), eq(ledgerAccounts.kind, 'user_wallet')))
      .where(filter)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    const [count] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).where(filter);
    return { rows: rows.map((r) => ({ ...r.user, balanceKobo: r.balanceKobo })), total: count?.n ?? 0 };
  },
};
