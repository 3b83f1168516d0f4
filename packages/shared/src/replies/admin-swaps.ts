import { z } from 'zod/mini';
import { swapDtoSchema } from './airtime-swap';
import { adminNaira, count } from './admin-common';

/**
 * The admin list and the owner's list carry the same swap (the spec's Airtime swap entity, with
 * `allowedActions` on the admin views) and the same pages.
 */
export { swapDtoSchema, swapListReplySchema } from './airtime-swap';

/** GET airtime-swap/admin/count?status=. */
export const swapCountReplySchema = z.object({ success: z.literal(true), count: count() });

/** GET airtime-swap/admin/profit: what completed swaps earned. */
export const swapProfitReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    summary: z.object({
      totalProfit: adminNaira(),
      totalAirtime: adminNaira(),
      totalPayout: adminNaira(),
      completedCount: count(),
    }),
  }),
});

/** PATCH airtime-swap/admin/{swapId}/verify: the swap as decided. */
export const swapVerifyReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: swapDtoSchema,
});
