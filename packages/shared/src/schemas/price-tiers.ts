import { z } from 'zod/mini';
import { adminMessages } from '../admin-messages';
import { TIER_DISCOUNT_MAX_BPS } from '../price-tiers';

const tierCode = z.string().check(z.trim(), z.minLength(1), z.maxLength(40));

const discountBps = z
  .number({ error: adminMessages.tierDiscountInvalid })
  .check(
    z.int(adminMessages.tierDiscountInvalid),
    z.gte(0, adminMessages.tierDiscountInvalid),
    z.lte(TIER_DISCOUNT_MAX_BPS, adminMessages.tierDiscountInvalid),
  );

/** PATCH admin/price-tiers/{code}: every product's discount, in basis points. */
export const tierDiscountsBody = z.object({
  discountsBps: z.object({
    data: discountBps,
    airtime: discountBps,
    cable: discountBps,
    electricity: discountBps,
    betting: discountBps,
  }),
});

export const tierCodeParams = z.object({ code: tierCode });

/** PATCH admin/users/{id}/price-tier. */
export const customerTierBody = z.object({
  tier: z.string({ error: adminMessages.priceTierUnknown }).check(z.trim(), z.maxLength(40)),
});
