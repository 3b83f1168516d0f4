/** GET admin/analytics/betting (spec 2 §7 Betting): the tiles and one page of betting orders. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BettingStatsReply } from '@owo/shared/api-types';
import type { BettingStatsStatus } from '@owo/shared/constants';
import { apiRequest } from '../../../../lib/api';

export interface BettingStatsParams {
  page: number;
  status: BettingStatsStatus;
  search: string;
}

export const bettingStatsKey = ['admin', 'betting-stats'] as const;

export function useBettingStats({ page, status, search }: BettingStatsParams) {
  return useQuery({
    queryKey: [...bettingStatsKey, { page, status, search }],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), status });
      if (search) params.set('search', search);
      try {
        return (
          await apiRequest<BettingStatsReply>(`/admin/analytics/betting?${params}`, { signal })
        ).data;
      } catch (error) {
        // Spec 2 §8: a failed fetch is only logged; the screen keeps what it last showed.
        if (!signal.aborted) console.error('Betting statistics fetch failed', error);
        throw error;
      }
    },
    // A new page or filter keeps the previous list on screen (dimmed) until the answer comes.
    placeholderData: keepPreviousData,
  });
}
