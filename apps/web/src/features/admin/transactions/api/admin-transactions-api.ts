/**
 * Admin transaction calls: the filtered, paged list of every customer's transactions,
 * one transaction, and Approve / Refund / Reverse. The server checks the admin role on each and
 * decides which actions a row allows.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminTransactionReply,
  AdminTransactionsReply,
  OrderAction,
} from '@owo/shared/api-types';
import type { AdminTransactionFilter } from '@owo/shared/constants';
import { apiRequest } from '../../../../lib/api';

export interface TransactionFilters {
  status: AdminTransactionFilter;
  /** '' = any; month needs a year and day needs a month (the server refuses otherwise). */
  year: string;
  month: string;
  day: string;
  search: string;
  page: number;
}

export const adminTransactionsKey = ['admin', 'transactions'] as const;

/** The filters as the list and the export take them (the export has no page). */
export function filterParams(filters: Omit<TransactionFilters, 'page'>): URLSearchParams {
  const params = new URLSearchParams({ status: filters.status });
  if (filters.year) params.set('year', filters.year);
  if (filters.year && filters.month) params.set('month', filters.month);
  if (filters.year && filters.month && filters.day) params.set('day', filters.day);
  if (filters.search) params.set('search', filters.search);
  return params;
}

export function useAdminTransactions(filters: TransactionFilters) {
  return useQuery({
    queryKey: [...adminTransactionsKey, 'list', filters],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(filters.page) });
      for (const [key, value] of filterParams(filters)) params.set(key, value);
      return apiRequest<AdminTransactionsReply>(`/admin/transactions?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export const fetchAdminTransaction = (id: string) =>
  apiRequest<AdminTransactionReply>(`/admin/transactions/${encodeURIComponent(id)}`);

/** `token`: Approve only, for a prepaid meter the supplier confirmed without one (decision 0046). */
export const runOrderAction = (id: string, action: OrderAction, reason: string, token?: string) =>
  apiRequest<AdminTransactionReply>(`/admin/transactions/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    body: { ...(reason ? { reason } : {}), ...(token ? { token } : {}) },
  });
