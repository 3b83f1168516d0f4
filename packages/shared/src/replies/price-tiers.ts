import { z } from 'zod/mini';
import { dataReply } from './common';
import { adminDataReply, count } from './admin-common';

const bps = () => count().check(z.describe('Basis points of our selling price (100 = 1%).'));

/** A price tier as the admin sees it (decision 0090). */
export const priceTierSchema = z.object({
  code: z.string(),
  name: z.string(),
  discountsBps: z.object({
    data: bps(),
    airtime: bps(),
    cable: bps(),
    electricity: bps(),
    betting: bps(),
  }),
  /** How many customers are on the tier. */
  customers: count(),
  updatedAt: z.string(),
});

/** GET admin/price-tiers. */
export const priceTiersReplySchema = adminDataReply(z.array(priceTierSchema));

/** PATCH admin/price-tiers/{code}: the tier as it now stands. */
export const priceTierChangeReplySchema = dataReply(priceTierSchema);

/** PATCH admin/users/{id}/price-tier: the customer's tier as it now stands. */
export const customerTierReplySchema = dataReply(
  z.object({ userId: z.string(), tier: z.object({ code: z.string(), name: z.string() }) }),
);
