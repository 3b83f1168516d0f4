/**
 * Betting calls (spec §7 Betting): the platform list, a platform's item (limits in kobo) and the
 * top-up itself, which carries an Idempotency-Key so a retry never pays twice.
 */
import { useQuery } from '@tanstack/react-query';
import type { BillerDto, BillerItemDto, PurchaseReply } from '@owo/shared/api-types';
import { BETTING_SCENE_CODE, HIDDEN_BILLERS } from '@owo/shared/constants';
import { apiRequest } from '../../../lib/api';

interface ListReply<T> {
  success: boolean;
  message?: string;
  data: T[];
}

const hidden = new Set(HIDDEN_BILLERS.map((name) => name.toLowerCase()));

/** MSport and SportyBet are never offered (spec §2), whatever the supplier lists. */
export function visibleBillers(billers: readonly BillerDto[]): BillerDto[] {
  return billers.filter((b) => !hidden.has(b.billerName.trim().toLowerCase()));
}

export function useBillers() {
  return useQuery({
    queryKey: ['betting', 'billers'],
    queryFn: async ({ signal }) => {
      const reply = await apiRequest<ListReply<BillerDto>>('/biller/', {
        method: 'POST',
        body: { sceneCode: BETTING_SCENE_CODE },
        signal,
      });
      return visibleBillers(reply.data ?? []);
    },
  });
}

/** The platform's first item supplies the limits and the itemId (spec §4 Betting flow). */
export function useBillerItem(billerId: string | null) {
  return useQuery({
    queryKey: ['betting', 'item', billerId],
    enabled: billerId !== null,
    queryFn: async ({ signal }): Promise<BillerItemDto | null> => {
      const reply = await apiRequest<ListReply<BillerItemDto>>('/biller/item', {
        method: 'POST',
        body: { sceneCode: BETTING_SCENE_CODE, billerId },
        signal,
      });
      return reply.data?.[0] ?? null;
    },
  });
}

export interface BettingOrder {
  /** Whole naira. */
  amount: number;
  billerId: string;
  itemId: string;
  rechargeAccount: string;
}

export function payBetting(order: BettingOrder, transactionPin: string, idempotencyKey: string) {
  return apiRequest<PurchaseReply>('/biller/betting', {
    method: 'POST',
    body: { ...order, transactionPin },
    idempotencyKey,
    timeoutMs: 90_000,
  });
}
