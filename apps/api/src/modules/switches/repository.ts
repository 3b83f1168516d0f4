import { gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { serviceSwitches } from '../../db/schema';

export const switchesRepository = {
  /** Services shut down at `now` (a shutdown ends by itself when its time is up). */
  async shutdownAt(db: DbOrTx, now: Date): Promise<Set<string>> {
    const rows = await db
      .select({ service: serviceSwitches.service })
      .from(serviceSwitches)
      .where(gt(serviceSwitches.shutdownUntil, now));
    return new Set(rows.map((r) => r.service));
  },
};
