/** Home screen reads: latest transactions and the pending airtime-to-cash swap. */
import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HOME_LATEST_TRANSACTIONS } from '@owo/shared/constants';
import type { TransactionDto, TransactionsReply } from '@owo/shared/api-types';
import { apiRequest, newIdempotencyKey } from '../../../lib/api';
import { hasStatus } from '../../../lib/api-errors';

/** The five latest; an endpoint that does not exist yet (404) simply means none. */
export const latestTransactionsQuery = queryOptions({
  queryKey: ['transactions', 'latest'],
  queryFn: async ({ signal }): Promise<TransactionDto[]> => {
    try {
      const reply = await apiRequest<Partial<TransactionsReply>>(
        `/transactions?page=1&limit=${HOME_LATEST_TRANSACTIONS}`,
        { signal },
      );
      return (reply.transactions ?? []).slice(0, HOME_LATEST_TRANSACTIONS);
    } catch (error) {
      if (hasStatus(error, 404)) return [];
      throw error;
    }
  },
});

export function useLatestTransactions() {
  return useQuery(latestTransactionsQuery);
}

export interface PendingSwap {
  _id?: string;
  /** Naira. */
  amount: number;
  network: string;
  [field: string]: unknown;
}

/**
 * Whether the open swap still waits for the customer: only until the screenshot is uploaded.
 * After that (awaiting verification, a bank payout processing) an admin acts, and a prompt to
 * "complete" it would only nag.
 */
export function swapAwaitsCustomer(swap: PendingSwap | null): swap is PendingSwap {
  return swap !== null && swap.status === 'PENDING_TRANSFER' && swap.screenshotUploaded !== true;
}

const pendingSwapKey = ['airtime-swap', 'pending'] as const;

export const pendingSwapQuery = queryOptions({
  queryKey: pendingSwapKey,
  queryFn: async ({ signal }): Promise<PendingSwap | null> => {
    try {
      const reply = await apiRequest<{
        hasPendingSwap?: boolean;
        pendingSwap?: PendingSwap | null;
      }>('/airtime-swap/pending', { signal });
      return reply.hasPendingSwap && reply.pendingSwap ? reply.pendingSwap : null;
    } catch (error) {
      if (hasStatus(error, 404)) return null;
      throw error;
    }
  },
});

/**
 * Whether an airtime-to-cash swap waits for the user. Re-checked when the window regains focus
 * and when the page becomes visible again (spec §4), since the swap is finished elsewhere.
 */
export function usePendingSwap() {
  const query = useQuery(pendingSwapQuery);
  const { refetch } = query;
  useEffect(() => {
    const recheck = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    window.addEventListener('focus', recheck);
    document.addEventListener('visibilitychange', recheck);
    return () => {
      window.removeEventListener('focus', recheck);
      document.removeEventListener('visibilitychange', recheck);
    };
  }, [refetch]);
  return query;
}

/** Session-based bank-transfer funding (the deposit issue builds the payment-details sheet). */
export function startBankTransferDeposit(amountNaira: number) {
  return apiRequest<{ success: true; message?: string; data?: unknown }>('/deposit/bank-transfer', {
    method: 'POST',
    body: { amount: amountNaira },
    idempotencyKey: newIdempotencyKey(),
  });
}
