/**
 * The Approvals screen's calls (decision 0047): staff credits and debits waiting for a second
 * admin, approving or rejecting one, and refunded orders a supplier delivered after all (decision
 * 0048) to recover or write off. The server checks the role and the four-eyes rules on each.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  AdjustmentListReply,
  AdjustmentListStatus,
  AdjustmentRequestReply,
  RefundedDeliveriesReply,
  RefundedDeliveryReply,
} from '@owo/shared/adjustments';
import { apiRequest } from '../../../../lib/api';

export const approvalsKey = ['admin', 'approvals'] as const;

export function useAdjustmentRequests(status: AdjustmentListStatus) {
  return useQuery({
    queryKey: [...approvalsKey, 'requests', status],
    queryFn: ({ signal }) =>
      apiRequest<AdjustmentListReply>(`/admin/adjustments?status=${status}`, { signal }),
    staleTime: 5_000,
    refetchInterval: 30_000,
  });
}

export function useRefundedDeliveries() {
  return useQuery({
    queryKey: [...approvalsKey, 'deliveries'],
    queryFn: ({ signal }) =>
      apiRequest<RefundedDeliveriesReply>('/admin/refunded-deliveries', { signal }),
    staleTime: 5_000,
  });
}

export async function decideRequest(
  client: QueryClient,
  id: string,
  decision:
    | { action: 'approve'; overrideCap?: boolean; reason?: string }
    | { action: 'reject'; reason: string },
) {
  const { action, ...body } = decision;
  const reply = await apiRequest<AdjustmentRequestReply>(
    `/admin/adjustments/${encodeURIComponent(id)}/${action}`,
    { method: 'POST', body },
  );
  await client.invalidateQueries({ queryKey: approvalsKey });
  return reply;
}

export async function resolveDelivery(
  client: QueryClient,
  id: string,
  action: 'recover' | 'write-off',
  reason: string,
) {
  const reply = await apiRequest<RefundedDeliveryReply>(
    `/admin/refunded-deliveries/${encodeURIComponent(id)}/${action}`,
    { method: 'POST', body: { reason } },
  );
  await client.invalidateQueries({ queryKey: approvalsKey });
  return reply;
}
