/**
 * Admin airtime-to-cash calls (spec 02 §7): the paged list, counts by status, the profit summary
 * and the verify action. The server checks the admin role on each of them.
 */
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { SwapDto, SwapListReply } from '@owo/shared/api-types';
import type { SwapStatus } from '@owo/shared/constants';
import { apiRequest } from '../../../../lib/api';

export type AdminAction = 'approve' | 'reject' | 'complete';

export const adminSwapsKey = ['admin', 'airtime-swap'] as const;

/** The list's filters as the server takes them: a status, and the "Search all" text. */
export function swapFilterParams(status: SwapStatus | '', search: string): URLSearchParams {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (search) params.set('search', search);
  return params;
}

/** One page of swaps; `search` (the "Search all" text) is matched by the server over all pages. */
export function useAdminSwaps(status: SwapStatus | '', page: number, search = '') {
  return useQuery({
    queryKey: [...adminSwapsKey, 'list', status, page, search],
    queryFn: ({ signal }) => {
      const params = swapFilterParams(status, search);
      params.set('page', String(page));
      return apiRequest<SwapListReply>(`/airtime-swap/admin?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** The tiles' counts (spec 02 §7): every swap ('' = no filter) and four statuses. */
export const COUNTED = [
  '',
  'PENDING_TRANSFER',
  'AWAITING_VERIFICATION',
  'COMPLETED',
  'REJECTED',
] as const;
export type Counted = (typeof COUNTED)[number];

export function useSwapCounts() {
  return useQueries({
    queries: COUNTED.map((status) => ({
      queryKey: [...adminSwapsKey, 'count', status],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest<{ success: true; count: number }>(
          `/airtime-swap/admin/count${status ? `?status=${status}` : ''}`,
          { signal },
        ).then((reply) => Number(reply.count) || 0),
    })),
    combine: (results) =>
      Object.fromEntries(COUNTED.map((status, i) => [status, results[i]?.data])) as Record<
        Counted,
        number | undefined
      >,
  });
}

export function useSwapProfit() {
  return useQuery({
    queryKey: [...adminSwapsKey, 'profit'],
    queryFn: async ({ signal }) => {
      const reply = await apiRequest<{ success: true; data: { summary: { totalProfit: number } } }>(
        '/airtime-swap/admin/profit',
        { signal },
      );
      return Number(reply.data?.summary?.totalProfit) || 0;
    },
  });
}

export const verifySwap = (
  swapId: string,
  body: { action: AdminAction; note?: string; payoutReference?: string },
) =>
  apiRequest<{ success: true; message: string; data: SwapDto }>(
    `/airtime-swap/admin/${encodeURIComponent(swapId)}/verify`,
    { method: 'PATCH', body },
  );
