import { STANDARD_TIER, type TierDiscounts, type TierProduct } from '@owo/shared/price-tiers';

/**
 * What a customer on a tier pays for something we sell at `sellingKobo` and buy at `costKobo`
 * (decision 0090): the tier's discount comes off our selling price and never takes it below our
 * cost. Something we already sell at or below cost (airtime and betting at face value, electricity
 * under the utility discount) keeps its price: a tier never raises one, nor deepens a loss.
 */
export function tierPriceKobo(sellingKobo: number, costKobo: number, bps: number): number {
  if (bps <= 0 || sellingKobo <= costKobo) return sellingKobo;
  return Math.max(costKobo, sellingKobo - Math.round((sellingKobo * bps) / 10_000));
}

/** A customer's tier, read once per order or catalogue reply, and its prices. */
export interface TierPricing {
  code: string;
  discountsBps: TierDiscounts;
  price(product: TierProduct, sellingKobo: number, costKobo: number): number;
}

export function tierPricing(code: string, discountsBps: TierDiscounts): TierPricing {
  return {
    code,
    discountsBps,
    price: (product, sellingKobo, costKobo) =>
      tierPriceKobo(sellingKobo, costKobo, discountsBps[product]),
  };
}

/** No discount: a user with no row (never happens for a signed-in customer) pays the standard price. */
export const STANDARD_PRICING = tierPricing(STANDARD_TIER, {
  data: 0,
  airtime: 0,
  cable: 0,
  electricity: 0,
  betting: 0,
});
