/**
 * The dashboard's figures (spec 02 §7 Admin analytics). Period-bound calls are cached per period,
 * without placeholder data: figures of another period must never show under the chosen tab, so a
 * tab seen for the first time shows skeletons and a tab seen before shows its own cached figures.
 */
import { useQuery } from '@tanstack/react-query';
import type {
  ActiveUsersReply,
  PreviousDataSalesReply,
  PreviousDepositsReply,
  ProfitsReply,
  RevenueReply,
  SummaryReply,
  TotalBalanceReply,
} from '@owo/shared/api-types';
import type { AnalyticsPeriod } from '@owo/shared/constants';
import { apiRequest } from '../../../../lib/api';

export const analyticsKey = ['admin', 'analytics'] as const;

function get<T>(path: string) {
  return ({ signal }: { signal: AbortSignal }) =>
    apiRequest<{ data: T }>(`/admin/analytics/${path}`, { signal }).then((reply) => reply.data);
}

export function useRevenue(period: AnalyticsPeriod) {
  return useQuery({
    queryKey: [...analyticsKey, 'revenue', period],
    queryFn: get<RevenueReply['data']>(`revenue?period=${period}`),
  });
}

export function useProfits(period: AnalyticsPeriod) {
  return useQuery({
    queryKey: [...analyticsKey, 'profits', period],
    queryFn: get<ProfitsReply['data']>(`profits?range=${period}`),
  });
}

/** The Transactions panel: counts within the period. */
export function useSummary(period: AnalyticsPeriod) {
  return useQuery({
    queryKey: [...analyticsKey, 'summary', period],
    queryFn: get<SummaryReply['data']>(`summary?period=${period}`),
  });
}

/** The Users panel is about today whatever the tab, so it is read once, not per period. */
export function useActiveUsers() {
  return useQuery({
    queryKey: [...analyticsKey, 'active-users'],
    queryFn: get<ActiveUsersReply['data']>('active-users'),
  });
}

export function useTotalBalance() {
  return useQuery({
    queryKey: [...analyticsKey, 'total-balance'],
    queryFn: get<TotalBalanceReply['data']>('total-balance'),
  });
}

/** Yesterday's deposits and bank transfers: read only on the Yesterday tab. */
export function usePreviousDeposits(enabled: boolean) {
  return useQuery({
    queryKey: [...analyticsKey, 'previous-deposits'],
    queryFn: get<PreviousDepositsReply['data']>('previous-deposits'),
    enabled,
  });
}

/** Yesterday's data sales: read only on the Yesterday tab. */
export function usePreviousDataSales(enabled: boolean) {
  return useQuery({
    queryKey: [...analyticsKey, 'previous-data-sales'],
    queryFn: get<PreviousDataSalesReply['data']>('previous-data-sales'),
    enabled,
  });
}
