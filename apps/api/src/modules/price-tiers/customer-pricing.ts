import type { DbOrTx } from '../../db/client';
import { discountsOf, priceTiersRepository } from './repository';
import { STANDARD_PRICING, tierPricing, type TierPricing } from './tier-price';

/**
 * The customer's prices (decision 0090), read once per order or catalogue reply: one query, the
 * user's row joined to its tier. Never cached across customers.
 */
export async function customerPricing(db: DbOrTx, userId: string): Promise<TierPricing> {
  const tier = await priceTiersRepository.forUser(db, userId);
  return tier ? tierPricing(tier.code, discountsOf(tier)) : STANDARD_PRICING;
}
