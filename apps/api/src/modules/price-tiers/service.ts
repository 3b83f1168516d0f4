import { adminMessages } from '@owo/shared/admin-messages';
import { TIER_PRODUCTS, tierBpsToPercent, type TierDiscounts } from '@owo/shared/price-tiers';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { auditRepository, type Actor } from '../audit/repository';
import { discountsOf, priceTiersRepository, type PriceTierRow } from './repository';
import type { TierCache } from './tier-cache';

/**
 * A tier's discounts as the audit log keeps them: one field per product, in percent, so the audit
 * screen shows each change as "Data discount: 2% → 3%".
 */
const auditedDiscounts = (d: TierDiscounts) =>
  Object.fromEntries(TIER_PRODUCTS.map((p) => [`${p}Discount`, tierBpsToPercent(d[p])]));

const toDto = (row: PriceTierRow, customers: number) => ({
  code: row.code,
  name: row.name,
  discountsBps: discountsOf(row),
  customers,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The admin's side of price tiers (decision 0090): the tiers and their discounts, and which tier
 * a customer is on. Every change is audited in its own transaction, with before and after.
 */
export function createPriceTierService({ database, clock }: AppDeps, tierCache?: TierCache) {
  const db = () => database.db;

  return {
    async list() {
      const rows = await priceTiersRepository.listWithCounts(db());
      return { success: true as const, data: rows.map((r) => toDto(r.tier, r.customers)) };
    },

    /** The tier's discounts; orders and catalogue replies read them from the next one on. */
    async setDiscounts(actor: Actor, code: string, discounts: TierDiscounts) {
      const now = clock.now();
      const row = await db().transaction(async (tx) => {
        const before = await priceTiersRepository.find(tx, code, true);
        if (!before) throw new AppError('NOT_FOUND');
        const after = await priceTiersRepository.setDiscounts(tx, code, discounts, actor.id, now);
        await auditRepository.record(
          tx,
          actor,
          {
            action: 'price_tier.discounts',
            entity: 'price_tier',
            entityId: code,
            before: auditedDiscounts(discountsOf(before)),
            after: auditedDiscounts(discounts),
          },
          now,
        );
        return after!;
      });
      tierCache?.invalidate();
      return {
        success: true as const,
        message: adminMessages.tierDiscountsUpdated,
        data: toDto(row, await priceTiersRepository.customers(db(), code)),
      };
    },

    /** Moves a customer to a tier; their next order and catalogue reply are priced by it. */
    async setCustomerTier(actor: Actor, userId: string, code: string) {
      const now = clock.now();
      const tier = await db().transaction(async (tx) => {
        const tier = await priceTiersRepository.find(tx, code);
        if (!tier) {
          throw new AppError('VALIDATION_FAILED', { message: adminMessages.priceTierUnknown });
        }
        const user = await priceTiersRepository.userTierForUpdate(tx, userId);
        if (!user) throw new AppError('NOT_FOUND');
        if (user.priceTier !== code) {
          await priceTiersRepository.setUserTier(tx, userId, code, now);
          await auditRepository.record(
            tx,
            actor,
            {
              action: 'user.price_tier',
              entity: 'user',
              entityId: userId,
              before: { priceTier: user.priceTier },
              after: { priceTier: code, email: user.email },
            },
            now,
          );
        }
        return tier;
      });
      return {
        success: true as const,
        message: adminMessages.customerTierUpdated,
        data: { userId, tier: { code: tier.code, name: tier.name } },
      };
    },
  };
}

export type PriceTierService = ReturnType<typeof createPriceTierService>;
