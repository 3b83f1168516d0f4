import { HISTORY_PAGE_SIZE, LAGOS_OFFSET_MS } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { parseNairaToKobo } from '@owo/shared/money';
import type { TransactionsReply } from '@owo/shared/api-types';
import type { AppDeps } from '../../deps';
import { toTransactionDto } from './dto';
import { transactionsRepository, type HistoryFilter } from './repository';

/** A Lagos calendar month (or year) as a fixed UTC window. */
export function lagosMonthWindow(year: number, month?: number): { from: Date; to: Date } {
  const startMonth = month ? month - 1 : 0;
  const endYear = month ? (month === 12 ? year + 1 : year) : year + 1;
  const endMonth = month ? month % 12 : 0;
  return {
    from: new Date(Date.UTC(year, startMonth, 1) - LAGOS_OFFSET_MS),
    to: new Date(Date.UTC(endYear, endMonth, 1) - LAGOS_OFFSET_MS),
  };
}

export interface HistoryQuery {
  page: number;
  limit?: number;
  year?: number;
  month?: number;
  search?: string;
}

export function createHistoryService({ database, clock }: AppDeps) {
  return {
    async list(userId: string, query: HistoryQuery): Promise<TransactionsReply> {
      const limit = query.limit ?? HISTORY_PAGE_SIZE;
      const filter: HistoryFilter = { userId };
      // A month without a year means that month of the current (Lagos) year.
      const year =
        query.year ??
        (query.month
          ? new Date(clock.now().getTime() + LAGOS_OFFSET_MS).getUTCFullYear()
          : undefined);
      if (year) Object.assign(filter, lagosMonthWindow(year, query.month));
      const text = query.search?.trim();
      if (text) {
        filter.text = text;
        const kobo = parseNairaToKobo(text);
        if (kobo !== null && kobo > 0) filter.amountKobo = kobo;
      }
      const { items, total } = await transactionsRepository.page(
        database.db,
        filter,
        limit,
        (query.page - 1) * limit,
      );
      return {
        success: true,
        message: messages.transactionsFetched,
        transactions: items.map(toTransactionDto),
        pagination: { page: query.page, limit, total, pages: Math.ceil(total / limit) },
      };
    },
  };
}
