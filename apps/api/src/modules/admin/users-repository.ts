import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, users } from '../../db/schema';

/** The search is plain text: %, _ and \ are LIKE syntax, so they are escaped (\ is the default escape). */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const adminUsersRepository = {
  async page(db: DbOrTx, options: { page: number; pageSize: number; search?: string }) {
    const pattern = options.search ? containsPattern(options.search) : undefined;
    const filter = pattern
      ? or(
          ilike(users.email, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
        )
      : undefined;
    const rows = await db
      .select({
        user: users,
        balanceKobo: sql<number>`coalesce(${ledgerAccounts.balanceKobo}, 0)`.mapWith(Number),
      })
      .from(users)
      .leftJoin(
        ledgerAccounts,
        and(eq(ledgerAccounts.userId, users.id), eq(ledgerAccounts.kind, 'user_wallet')),
      )
      .where(filter)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(filter);
    return {
      rows: rows.map((r) => ({ ...r.user, balanceKobo: r.balanceKobo })),
      total: count?.n ?? 0,
    };
  },
};
