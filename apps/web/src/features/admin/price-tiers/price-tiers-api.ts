/**
 * Price tiers in the admin area (decision 0090): the tiers with their discounts, a tier's new
 * discounts, a customer's tier. The server checks the admin role on every change.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import type { TierDiscounts } from '@owo/shared/price-tiers';
import type {
  customerTierReplySchema,
  priceTierChangeReplySchema,
  priceTiersReplySchema,
} from '@owo/shared/replies/price-tiers';
import { apiRequest } from '../../../lib/api';

export type PriceTiersReply = z.output<typeof priceTiersReplySchema>;
export type PriceTier = PriceTiersReply['data'][number];

export const priceTiersKey = ['admin', 'price-tiers'] as const;

export function usePriceTiers() {
  return useQuery({
    queryKey: priceTiersKey,
    queryFn: ({ signal }) => apiRequest<PriceTiersReply>('/admin/price-tiers', { signal }),
  });
}

export const setCustomerTier = (userId: string, tier: string) =>
  apiRequest<z.output<typeof customerTierReplySchema>>(
    `/admin/users/${encodeURIComponent(userId)}/price-tier`,
    { method: 'PATCH', body: { tier } },
  );

export const setTierDiscounts = (code: string, discountsBps: TierDiscounts) =>
  apiRequest<z.output<typeof priceTierChangeReplySchema>>(
    `/admin/price-tiers/${encodeURIComponent(code)}`,
    { method: 'PATCH', body: { discountsBps } },
  );
