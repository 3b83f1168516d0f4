import { desc, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { selectUsersWithBalance, withBalance } from '../users/repository';

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
};
