/**
 * Airtime-to-cash calls of the customer (spec 02 §7). Bodies as the API expects them: amounts in
 * naira, phones in the local 0XXXXXXXXXX form; the screenshot goes as multipart field
 * `screenshot`.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PendingSwapReply, SwapCreateReply, SwapDto } from '@owo/shared/api-types';
import type { SwapNetwork } from '@owo/shared/constants';
import { apiRequest } from '../../../lib/api';

export interface SwapRequest {
  network: SwapNetwork;
  /** Naira, whole. */
  amount: number;
  userPhone: string;
  paymentMethod: 'wallet' | 'bank';
  walletEmail?: string;
  bankDetails?: { accountNumber: string; bank: string; accountName: string };
  transactionPin: string;
}

export const createSwap = (input: SwapRequest) =>
  apiRequest<SwapCreateReply>('/airtime-swap', {
    method: 'POST',
    body: input,
  });

export function uploadScreenshot(swapId: string, file: File) {
  const formData = new FormData();
  formData.append('screenshot', file, file.name);
  return apiRequest<{ success: true; message: string; data: SwapDto }>(
    `/airtime-swap/${encodeURIComponent(swapId)}/upload`,
    { method: 'POST', formData, timeoutMs: 60_000 },
  );
}

export const clearPendingSwap = () =>
  apiRequest<{ success: true; message: string }>('/airtime-swap/pending/clear');

/** Shared with the home card (same key, same shape: the pending swap or null). */
export const pendingSwapKey = ['airtime-swap', 'pending'] as const;
export const mySwapsKey = ['airtime-swap', 'mine'] as const;

/** The customer's swaps, newest first (GET /airtime-swap/). */
export function useMySwaps(enabled = true) {
  return useQuery({
    queryKey: mySwapsKey,
    enabled,
    queryFn: async ({ signal }) => {
      const reply = await apiRequest<{ success: true; data: SwapDto[] }>('/airtime-swap/', {
        signal,
      });
      return reply.data ?? [];
    },
  });
}

/** The swap that waits for the customer, re-checked when the tab comes back into view. */
export function usePendingSwapQuery() {
  const query = useQuery({
    queryKey: pendingSwapKey,
    // The swap form refuses a second swap from this answer: an admin may have settled the open
    // one since it was cached, so every screen that asks checks again.
    refetchOnMount: 'always',
    queryFn: async ({ signal }): Promise<SwapDto | null> => {
      const reply = await apiRequest<PendingSwapReply>('/airtime-swap/pending', { signal });
      return reply.hasPendingSwap && reply.pendingSwap ? reply.pendingSwap : null;
    },
  });
  const { refetch } = query;
  useEffect(() => {
    const recheck = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', recheck);
    return () => document.removeEventListener('visibilitychange', recheck);
  }, [refetch]);
  return query;
}
