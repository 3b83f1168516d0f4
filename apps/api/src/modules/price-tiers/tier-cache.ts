import type { AppDeps } from '../../deps';
import { discountsOf, priceTiersRepository } from './repository';
import { STANDARD_PRICING, tierPricing, type TierPricing } from './tier-price';

/**
 * How long a process prices orders from the tiers it read (decision 0090): an admin's change of a
 * tier's discounts reaches this process at once and every other one within this time.
 */
export const TIER_CACHE_MS = 5_000;

/**
 * The price tiers (a handful of rows) kept in the process, so a purchase whose customer's tier is
 * already known (from the row the session or key guard read) prices its order without a query of
 * its own: the tier's read was one of four statements per purchase.
 */
export function createTierCache({ database }: Pick<AppDeps, 'database'>) {
  let tiers: Map<string, TierPricing> | undefined;
  let loadedAt = 0;
  let loading: Promise<Map<string, TierPricing>> | undefined;

  async function load(): Promise<Map<string, TierPricing>> {
    loading ??= priceTiersRepository
      .all(database.db)
      .then((rows) => {
        tiers = new Map(rows.map((row) => [row.code, tierPricing(row.code, discountsOf(row))]));
        // Real time: how old our copy is, whatever the app clock says.
        loadedAt = Date.now();
        return tiers;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  return {
    /** The tier's prices; standard for a code no tier has (a tier is never removed). */
    async pricingOf(code: string): Promise<TierPricing> {
      const fresh = tiers && Date.now() - loadedAt < TIER_CACHE_MS ? tiers : await load();
      return fresh.get(code) ?? STANDARD_PRICING;
    },
    /** After this process changed a tier: the next order reads them again. */
    invalidate() {
      tiers = undefined;
    },
  };
}

export type TierCache = ReturnType<typeof createTierCache>;
