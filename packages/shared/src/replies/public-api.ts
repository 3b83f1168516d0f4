import { z } from 'zod/mini';
import { NETWORK_NAMES } from '../networks';
import { dataReply, errorReplySchema } from './common';
import { billerItemDtoSchema } from './catalogue';

/**
 * Replies of the reseller API (/api/v1). The app's convention throughout: `{ success, message,
 * data }`, money in naira as a JSON number with up to two decimals (kobo inside the server), and
 * refusals `{ success: false, code, message, data }` with a stable code.
 */

const naira = (what = 'Naira, up to 2 decimals.') => z.number().check(z.describe(what));

export const publicBalanceReplySchema = dataReply(
  z.object({ balance: naira('The wallet balance in naira.'), currency: z.literal('NGN') }),
);

/** One order as a reseller sees it (a purchase reply, a requery). */
export const publicOrderSchema = z.object({
  /** Our reference. */
  reference: z.string(),
  /** The reseller's reference; null for an order placed in the app. */
  clientReference: z.nullable(z.string()),
  /**
   * success: delivered; pending: still with the supplier (requery later, or wait for the
   * webhook); failed: refunded to the wallet; reversed: delivered, then taken back and refunded.
   */
  status: z.enum(['success', 'pending', 'failed', 'reversed']),
  product: z.string(),
  description: z.string(),
  amount: naira('What the wallet was charged, in naira.'),
  currency: z.literal('NGN'),
  /** The phone, meter, smartcard or betting account the order was for. */
  recipient: z.optional(z.string()),
  /** Electricity: the token and the units, once delivered. */
  token: z.optional(z.string()),
  units: z.optional(z.string()),
  createdAt: z.string(),
});

/** A purchase: 200 delivered, 202 pending with the supplier (requery or wait for the webhook). */
export const publicOrderReplySchema = dataReply(publicOrderSchema);

/**
 * A purchase the supplier refused: 422 PURCHASE_FAILED, the wallet refunded, and the order itself
 * (both references, status failed) so the reseller can match it without a requery.
 */
export const publicFailedOrderReplySchema = z.object({
  success: z.literal(false),
  code: z.literal('PURCHASE_FAILED'),
  message: z.string(),
  data: z.object({ message: z.string(), order: publicOrderSchema }),
});

/** A purchase's 422: a refused order (with the order), or the reference reused with another body. */
export const publicPurchase422Schema = z.union([publicFailedOrderReplySchema, errorReplySchema]);

const planSchema = z.object({
  planId: z.string(),
  name: z.string(),
  price: naira('Our selling price in naira.'),
  available: z.boolean(),
});

export const publicCatalogueReplySchema = dataReply(
  z.object({
    airtime: z.object({
      networks: z.array(z.enum(NETWORK_NAMES)),
      minAmount: naira(),
      maxAmount: naira(),
    }),
    data: z.array(
      z.extend(planSchema, { network: z.string(), size: z.string(), validity: z.string() }),
    ),
    cable: z.array(z.extend(planSchema, { provider: z.string() })),
    electricity: z.object({
      discos: z.array(z.object({ disco: z.string(), name: z.string() })),
      minAmount: naira(),
      maxAmount: naira(),
      /** Percent off the face value the wallet is charged (the meter gets the face value). */
      discountPercentage: z.number(),
    }),
    betting: z.array(
      z.object({
        billerId: z.string(),
        billerName: z.string(),
        /** Amounts in kobo, as the betting platform states them. */
        items: z.array(billerItemDtoSchema),
      }),
    ),
  }),
);
