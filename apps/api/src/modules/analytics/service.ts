import type {
  ActiveUsersReply,
  PreviousDataSalesReply,
  PreviousDepositsReply,
  ProfitsReply,
  RevenueBreakdown,
  RevenueReply,
  SummaryReply,
  TotalBalanceReply,
  TransactionCounts,
  UsersFigures,
} from '@owo/shared/api-types';
import type { AnalyticsPeriod } from '@owo/shared/constants';
import { koboToNaira } from '@owo/shared/money';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { PROFIT_CATEGORIES, REVENUE_CATEGORIES, type ProfitCategory } from './categories';
import { dayRanges, periodWindow, type PeriodWindow } from './periods';
import { analyticsRepository, revenueAccountsOnce, type Figure } from './repository';
import { reversedVolume, type ReversedVolume } from './reversed-volume';
import { tierMargins } from './tier-margins';

const isRevenueCategory = (c: string): c is keyof RevenueBreakdown =>
  (REVENUE_CATEGORIES as readonly string[]).includes(c);
const isProfitCategory = (c: string): c is ProfitCategory =>
  (PROFIT_CATEGORIES as readonly string[]).includes(c);

function windowOf(w: PeriodWindow) {
  return { period: w.period, from: w.from.toISOString(), to: w.to.toISOString() };
}

/**
 * The admin dashboard's figures (spec 2 §2, §3 "Dashboard data", §7 "Admin analytics"). A period's
 * figures are the stored rollups of its finished, settled days plus one live aggregate over the
 * rest (today, yesterday until rolled, any day with something pending), read in one snapshot so a
 * day that is rolled up meanwhile is counted once. Kobo inside, naira in the replies.
 */
export function createAnalyticsService({ database, clock }: AppDeps) {
  // Read at each query, not kept: with DATABASE_READ_URL it is the replica or, on fallback, the
  // primary (db/replica-reads.ts).
  const db = () => database.db;

  const revenueAccounts = revenueAccountsOnce();

  /**
   * Rolled days from the rollup tables (summed per chart bucket in SQL), the other days live, in
   * one repeatable-read snapshot. The live part reads the ledger only when the profit is wanted:
   * revenue and counts come from the transactions rows alone.
   */
  function readFigures(window: PeriodWindow, want: { profit: boolean; reversed?: boolean }) {
    return db().transaction(
      async (tx: DbOrTx) => {
        await analyticsRepository.withoutJit(tx);
        const first = window.days[0] ?? '';
        const last = window.days.at(-1) ?? '';
        const rolled = await analyticsRepository.rolledDays(tx, first, last);
        const stored =
          rolled.size > 0
            ? await analyticsRepository.rolledFigures(tx, first, last, window.bucket)
            : [];
        const revenueIds = want.profit ? await revenueAccounts(tx) : undefined;
        const live = await analyticsRepository.liveFigures(
          tx,
          dayRanges(window.days.filter((d) => !rolled.has(d))),
          window.bucket,
          revenueIds,
        );
        const reversals = revenueIds
          ? await analyticsRepository.reversals(
              tx,
              { from: window.from, to: window.to },
              revenueIds,
            )
          : [];
        // Reversed orders leave revenue (decision 0032), read in the same snapshot.
        const reversed = want.reversed
          ? await reversedVolume(tx, { from: window.from, to: window.to }, window.bucket)
          : [];
        return { figures: [...stored, ...live] as Figure[], reversals, reversed };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** Successful volume per category, less what was reversed since (decision 0032). */
  function revenueBreakdown(figures: Figure[], reversed: ReversedVolume[] = []): RevenueBreakdown {
    const kobo: RevenueBreakdown = {
      bank_transfer: 0,
      electricity: 0,
      airtime: 0,
      data: 0,
      deposit: 0,
      tvSubscription: 0,
      betting: 0,
    };
    for (const f of figures) {
      if (f.status === 'success' && isRevenueCategory(f.category)) kobo[f.category] += f.amountKobo;
    }
    for (const r of reversed) if (isRevenueCategory(r.category)) kobo[r.category] -= r.amountKobo;
    return kobo;
  }

  const naira = (kobo: RevenueBreakdown): RevenueBreakdown =>
    Object.fromEntries(
      Object.entries(kobo).map(([k, v]) => [k, koboToNaira(v)]),
    ) as unknown as RevenueBreakdown;

  async function users(): Promise<UsersFigures> {
    const today = periodWindow('daily', clock.now());
    const u = await analyticsRepository.userFigures(db(), { from: today.from, to: today.to });
    return {
      totalUsers: u.totalUsers,
      transactingUsers: { daily: u.transactingUsers },
      newUsersToday: u.newUsers,
    };
  }

  return {
    async revenue(period: AnalyticsPeriod): Promise<RevenueReply> {
      const window = periodWindow(period, clock.now());
      const { figures, reversed } = await readFigures(window, { profit: false, reversed: true });
      const breakdown = revenueBreakdown(figures, reversed);
      const total = Object.values(breakdown).reduce((a, b) => a + b, 0);
      const reversedKobo = reversed.reduce((sum, r) => sum + r.amountKobo, 0);
      // Every bucket of the window, zeros included; the figures come already keyed by bucket.
      // The chart plots what the Total card shows, the spec's total minus bank_transfer (checkout
      // deposits), so its points sum to that card (decision 0027); `total` keeps every category.
      const keyOf = (day: string) => (window.bucket === 'month' ? day.slice(0, 7) : day);
      const series = new Map<string, number>();
      for (const day of window.days) series.set(keyOf(day), 0);
      for (const f of figures) {
        if (f.status !== 'success' || !isRevenueCategory(f.category)) continue;
        if (f.category === 'bank_transfer') continue;
        if (series.has(f.bucket)) series.set(f.bucket, (series.get(f.bucket) ?? 0) + f.amountKobo);
      }
      for (const r of reversed) {
        if (!isRevenueCategory(r.category) || r.category === 'bank_transfer') continue;
        if (series.has(r.bucket)) series.set(r.bucket, (series.get(r.bucket) ?? 0) - r.amountKobo);
      }
      return {
        success: true,
        data: {
          ...windowOf(window),
          total: koboToNaira(total),
          breakdown: naira(breakdown),
          reversed: koboToNaira(reversedKobo),
          series: [...series].map(([label, kobo]) => ({ label, total: koboToNaira(kobo) })),
        },
      };
    },

    async profits(period: AnalyticsPeriod): Promise<ProfitsReply> {
      const window = periodWindow(period, clock.now());
      const [{ figures, reversals }, tiers] = await Promise.all([
        readFigures(window, { profit: true }),
        tierMargins(db(), { from: window.from, to: window.to }),
      ]);
      const kobo = Object.fromEntries(PROFIT_CATEGORIES.map((c) => [c, 0])) as Record<
        ProfitCategory,
        number
      >;
      for (const f of figures) if (isProfitCategory(f.category)) kobo[f.category] += f.profitKobo;
      for (const r of reversals) if (isProfitCategory(r.category)) kobo[r.category] -= r.amountKobo;
      const total = Object.values(kobo).reduce((a, b) => a + b, 0);
      const breakdown = Object.fromEntries(
        PROFIT_CATEGORIES.map((c) => [c, { profit: koboToNaira(kobo[c]) }]),
      ) as ProfitsReply['data']['breakdown'];
      return {
        success: true,
        data: {
          ...windowOf(window),
          totalProfit: koboToNaira(total),
          breakdown,
          byTier: tiers.map((r) => ({
            code: r.code,
            name: r.name,
            orders: r.orders,
            revenue: koboToNaira(r.revenueKobo),
            cost: koboToNaira(r.costKobo),
            margin: koboToNaira(r.revenueKobo - r.costKobo),
          })),
        },
      };
    },

    async summary(period: AnalyticsPeriod): Promise<SummaryReply> {
      const window = periodWindow(period, clock.now());
      // The users figures in parallel, on another connection (PGlite runs them one after another).
      const [{ figures }, usersFigures] = await Promise.all([
        readFigures(window, { profit: false }),
        users(),
      ]);
      const transactions: TransactionCounts = { total: 0, successful: 0, failed: 0, pending: 0 };
      for (const f of figures) {
        transactions.total += f.txCount;
        if (f.status === 'success') transactions.successful += f.txCount;
        else if (f.status === 'failed') transactions.failed += f.txCount;
        else if (f.status === 'pending') transactions.pending += f.txCount;
      }
      return {
        success: true,
        data: { ...windowOf(window), transactions, users: usersFigures },
      };
    },

    async activeUsers(): Promise<ActiveUsersReply> {
      return { success: true, data: await users() };
    },

    async totalBalance(): Promise<TotalBalanceReply> {
      const kobo = await analyticsRepository.totalWalletBalance(db());
      return { success: true, data: { totalBalance: koboToNaira(kobo) } };
    },

    async previousDeposits(): Promise<PreviousDepositsReply> {
      const { figures } = await readFigures(periodWindow('yesterday', clock.now()), {
        profit: false,
      });
      const b = revenueBreakdown(figures);
      return {
        success: true,
        data: {
          deposits: { totalAmount: koboToNaira(b.deposit) },
          bank_transfer: { totalAmount: koboToNaira(b.bank_transfer) },
        },
      };
    },

    async previousDataSales(): Promise<PreviousDataSalesReply> {
      const { figures, reversed } = await readFigures(periodWindow('yesterday', clock.now()), {
        profit: false,
        reversed: true,
      });
      return {
        success: true,
        data: { previous: { totalSales: koboToNaira(revenueBreakdown(figures, reversed).data) } },
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
