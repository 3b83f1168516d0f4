/**
 * Reseller price tiers (decision 0090): the products a tier discounts, and the bounds an admin
 * may set. Discounts are basis points of our selling price (100 bps = 1%).
 */
export const TIER_PRODUCTS = ['data', 'airtime', 'cable', 'electricity', 'betting'] as const;
export type TierProduct = (typeof TIER_PRODUCTS)[number];

/** Half the selling price at most: a larger discount is a typing slip, not a price. */
export const TIER_DISCOUNT_MAX_BPS = 5000;

/** Every customer's tier until an admin moves them (no discount). */
export const STANDARD_TIER = 'standard';

export type TierDiscounts = Record<TierProduct, number>;

/** Basis points as the percentage an admin reads ("2.5"). */
export const tierBpsToPercent = (bps: number) => bps / 100;

/** A percentage an admin typed ("2.5") as basis points, or undefined if it has more than 2 decimals. */
export function tierPercentToBps(text: string): number | undefined {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
