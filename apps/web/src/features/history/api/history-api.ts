/** Transaction history (GET /transactions, newest first, paged). */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TransactionsReply } from '@owo/shared/api-types';
import { HISTORY_PAGE_SIZE } from '@owo/shared/constants';
import { apiRequest } from '../../../lib/api';

export interface HistoryFilters {
  year: number;
  /** 1-12, or null for the whole year. */
  month: number | null;
  search: string;
}

export function historyPath(filters: HistoryFilters, page: number): string {
  const params = new URLSearchParams({
    page: String(page),
    limit: String(HISTORY_PAGE_SIZE),
    year: String(filters.year),
  });
  if (filters.month) params.set('month', String(filters.month));
  const search = filters.search.trim();
  if (search) params.set('search', search);
  return `/transactions?${params.toString()}`;
}

export function useHistory(filters: HistoryFilters) {
  return useInfiniteQuery({
    queryKey: ['transactions', 'history', filters],
    initialPageParam: 1,
    // Changing a filter keeps the old list on screen (dimmed) until the new one arrives.
    placeholderData: keepPreviousData,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<TransactionsReply>(historyPath(filters, pageParam), { signal }),
    getNextPageParam: (last) => {
      const { page, pages } = last.pagination ?? { page: 1, pages: 1 };
      return page < pages ? page + 1 : undefined;
    },
  });
}
