import type { AppDeps } from '../deps';
import { analyticsRepository, revenueAccountsOnce } from '../modules/analytics/repository';
import { addDays, dayStart, daysBetween, lagosDay } from '../modules/analytics/periods';

/**
 * A day is rolled up only this long after it ended: a purchase stamped 23:59:59 may commit a
 * moment after midnight, and API processes' clocks differ a little. Until then it is read live.
 */
export const ROLLUP_GRACE_MS = 15 * 60_000;
/** Days rolled per pass; a full batch runs the next one at once. */
export const ROLLUP_BATCH = 31;

export interface RollupResult {
  /** Days stored by this pass. */
  rolled: string[];
  /** Finished days left live because something in them is still pending. */
  waiting: string[];
}

/**
 * Rolls finished Lagos days up into analytics_daily / analytics_days (decision notes in the
 * analytics report): a day qualifies once it is over (plus ROLLUP_GRACE_MS) and none of its
 * transactions is pending. Pending is the only status a transaction leaves, so such a day's rows
 * never change again and its figures can be stored once. Reversals, the one later change to a
 * finished order's money, are never stored (the service reads them live).
 *
 * Safe with several API processes: each day is checked and stored in one repeatable-read
 * transaction (the pending check and the figures see the same snapshot), and every insert is
 * ON CONFLICT DO NOTHING, so a day rolled twice at once is stored once with the same figures.
 * It only reads the purchase path's tables; nothing is written on a purchase.
 */
export function createAnalyticsRollup({ database, clock }: AppDeps) {
  const db = database.db;
  const revenueAccounts = revenueAccountsOnce();

  async function runOnce(limit = ROLLUP_BATCH): Promise<RollupResult> {
    const result: RollupResult = { rolled: [], waiting: [] };
    const first = await analyticsRepository.firstActivity(db);
    if (!first) return result;
    const lastFinished = addDays(lagosDay(new Date(clock.now().getTime() - ROLLUP_GRACE_MS)), -1);
    const firstDay = lagosDay(first);
    if (firstDay > lastFinished) return result;

    const rolled = await analyticsRepository.rolledDays(db, firstDay, lastFinished);
    const candidates = daysBetween(firstDay, lastFinished).filter((d) => !rolled.has(d));
    const [firstCandidate] = candidates;
    if (firstCandidate === undefined) return result;
    const pending = await analyticsRepository.pendingDays(db, {
      from: dayStart(firstCandidate),
      to: dayStart(addDays(lastFinished, 1)),
    });
    result.waiting = candidates.filter((d) => pending.has(d));

    for (const day of candidates.filter((d) => !pending.has(d)).slice(0, limit)) {
      const range = { from: dayStart(day), to: dayStart(addDays(day, 1)) };
      const stored = await db.transaction(
        async (tx) => {
          // Checked again inside the snapshot the figures are read from.
          if (await analyticsRepository.hasPending(tx, range)) return false;
          return analyticsRepository.storeDay(tx, day, range, await revenueAccounts(tx));
        },
        { isolationLevel: 'repeatable read' },
      );
      if (stored) result.rolled.push(day);
    }
    return result;
  }

  /** One background pass (jobs/job-runner.ts): true when a full batch says a backlog remains. */
  async function pass(): Promise<boolean> {
    return (await runOnce()).rolled.length === ROLLUP_BATCH;
  }

  return { runOnce, pass };
}

export type AnalyticsRollup = ReturnType<typeof createAnalyticsRollup>;
