import type { z } from 'zod';
import type { BettingStatsReply, BettingStatsTransaction } from '@owo/shared/api-types';
import { BETTING_STATS_PAGE_SIZE } from '@owo/shared/constants';
import { koboToNaira } from '@owo/shared/money';
import type { bettingStatsQuery } from '@owo/shared/schemas/admin';
import type { AppDeps } from '../../deps';
import { bettingStatsRepository, type BettingStatsRow, type BettingTotals } from './repository';

type Query = z.output<typeof bettingStatsQuery>;

/** Percent with one decimal; 0 when there is nothing to divide. */
export function successRate(successful: number, total: number): number {
  return total === 0 ? 0 : Math.round((successful * 1000) / total) / 10;
}

function statisticsOf(totals: BettingTotals): BettingStatsReply['data']['statistics'] {
  return {
    totalTransactions: totals.count,
    totalAmount: koboToNaira(totals.amountKobo),
    totalSales: koboToNaira(totals.salesKobo),
    totalProfit: koboToNaira(totals.profitKobo),
    successfulTransactions: totals.successful,
    successRate: successRate(totals.successful, totals.count),
  };
}

function toDto(row: BettingStatsRow): BettingStatsTransaction {
  // Only a delivered order earned its margin; a failed one was refunded, a pending one may be.
  const profitKobo = row.status === 'success' ? row.sellingKobo - row.costKobo : 0;
  return {
    _id: row.id,
    reference: row.reference,
    user: { name: `${row.firstName} ${row.lastName}`.trim(), email: row.email },
    account: row.account,
    amount: koboToNaira(row.amountKobo),
    sellingPrice: koboToNaira(row.sellingKobo),
    profit: koboToNaira(profitKobo),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    ...(row.resolvedAt ? { completedAt: row.resolvedAt.toISOString() } : {}),
    ...(row.billerName ? { billerName: row.billerName } : {}),
  };
}

/**
 * Admin betting statistics (spec 2 §2/§3 "Admin betting stats"): the tiles over every betting
 * order, and one page of the orders the status filter and the search select, searched on the
 * server so a match on page 7 is found from page 1.
 */
export function createBettingStatsService({ database }: AppDeps) {
  return {
    async stats(query: Query): Promise<BettingStatsReply> {
      const filter = { status: query.status, search: query.search };
      const { db } = database;
      // Three independent reads; on PGlite they queue, on PostgreSQL they overlap.
      const [rows, total, totals] = await Promise.all([
        bettingStatsRepository.page(db, filter, query.page, BETTING_STATS_PAGE_SIZE),
        bettingStatsRepository.count(db, filter),
        bettingStatsRepository.totals(db),
      ]);
      return {
        success: true,
        data: {
          statistics: statisticsOf(totals),
          transactions: rows.map(toDto),
          pagination: {
            totalPages: Math.ceil(total / BETTING_STATS_PAGE_SIZE),
            totalItems: total,
            currentPage: query.page,
          },
        },
      };
    },
  };
}

export type BettingStatsService = ReturnType<typeof createBettingStatsService>;
