/**
 * The "Needs a decision" calls: open orders past the automatic requeries (oldest first) and the
 * operator alerts (newest first). The server checks the admin role on both.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NeedsDecisionReply, OperatorAlertsReply } from '@owo/shared/api-types';
import { apiRequest } from '../../../../lib/api';
import { adminTransactionsKey } from '../../transactions/api/admin-transactions-api';

/**
 * Under the transactions key on purpose: Approve / Refund (use-order-actions) refresh every
 * query under it, so a decided order leaves this list too.
 */
export const needsDecisionKey = [...adminTransactionsKey, 'needs-decision'] as const;
export const operatorAlertsKey = ['admin', 'alerts'] as const;

// Another admin may decide at any moment: a returning admin sees fresh rows.
const STALE_MS = 10_000;

export function useNeedsDecision(page: number) {
  return useQuery({
    queryKey: [...needsDecisionKey, page],
    queryFn: ({ signal }) =>
      apiRequest<NeedsDecisionReply>(`/admin/orders/needs-decision?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}

export function useOperatorAlerts(page: number) {
  return useQuery({
    queryKey: [...operatorAlertsKey, page],
    queryFn: ({ signal }) =>
      apiRequest<OperatorAlertsReply>(`/admin/alerts?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}
