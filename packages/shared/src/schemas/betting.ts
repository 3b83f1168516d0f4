import { z } from 'zod/mini';
import { BETTING_SCENE_CODE } from '../constants';
import { messages } from '../messages';
import { wholeNairaDigits } from '../money';
import { pinField, refuse } from './fields';

/** Betting bodies of spec §7 (Betting), shared by the betting screen and the API. */

const sceneCodeField = z
  ._default(z.optional(z.string().check(z.trim())), BETTING_SCENE_CODE)
  .check(z.refine((value) => value === BETTING_SCENE_CODE, 'Unknown sceneCode'));

const billerIdField = z.string({ error: messages.bettingSelectPlatform }).check(
  z.trim(),
  z.minLength(1, messages.bettingSelectPlatform),
  z.maxLength(64, messages.bettingSelectPlatform),
  z.refine((value) => value.toLowerCase() !== 'more', messages.bettingSelectPlatform),
);

/** POST biller/ {sceneCode: "betting"}. */
export const billersSchema = z.object({ sceneCode: sceneCodeField });

/** POST biller/item {sceneCode, billerId}. */
export const billerItemsSchema = z.object({ sceneCode: sceneCodeField, billerId: billerIdField });

/**
 * POST biller/betting. amount is whole naira (spec §3: "amount (whole naira)"); the platform's
 * minimum and maximum are checked on the server against PalmPay's item.
 */
export const bettingPurchaseSchema = z.object({
  amount: z.pipe(
    z.union([z.number(), z.string()], { error: messages.bettingAmountRequired }),
    z.transform((value: number | string, ctx) => {
      const typed = String(value).trim();
      if (typed === '') return refuse(ctx, messages.bettingAmountRequired);
      // Commas only as thousands separators: "100,00" is refused, not read as 10,000.
      const text = wholeNairaDigits(typed);
      if (text === null || text.length > 9) {
        return refuse(
          ctx,
          /^[\d,]+\.\d*$/.test(typed) ? messages.bettingWholeNaira : messages.invalidAmount,
        );
      }
      const naira = Number(text);
      if (naira <= 0) return refuse(ctx, messages.bettingAmountRequired);
      return naira * 100;
    }),
  ),
  billerId: billerIdField,
  itemId: z
    .string({ error: messages.bettingSelectPlatform })
    .check(
      z.trim(),
      z.minLength(1, messages.bettingSelectPlatform),
      z.maxLength(64, messages.bettingSelectPlatform),
    ),
  rechargeAccount: z
    .string({ error: messages.bettingUserIdRequired })
    .check(
      z.trim(),
      z.minLength(1, messages.bettingUserIdRequired),
      z.maxLength(64, messages.bettingUserIdRequired),
    ),
  transactionPin: z.pipe(
    z
      .string({ error: messages.bettingPinRequired })
      .check(z.minLength(1, messages.bettingPinRequired)),
    pinField,
  ),
});
