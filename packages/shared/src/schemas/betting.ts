import { z } from 'zod';
import { BETTING_SCENE_CODE } from '../constants';
import { messages } from '../messages';
import { wholeNairaDigits } from '../money';
import { pinField } from './fields';

/** Betting bodies of spec §7 (Betting), shared by the betting screen and the API. */

const sceneCodeField = z
  .string()
  .trim()
  .optional()
  .default(BETTING_SCENE_CODE)
  .refine((value) => value === BETTING_SCENE_CODE, 'Unknown sceneCode');

const billerIdField = z
  .string({ error: messages.bettingSelectPlatform })
  .trim()
  .min(1, messages.bettingSelectPlatform)
  .max(64, messages.bettingSelectPlatform)
  .refine((value) => value.toLowerCase() !== 'more', messages.bettingSelectPlatform);

/** POST biller/ {sceneCode: "betting"}. */
export const billersSchema = z.object({ sceneCode: sceneCodeField });

/** POST biller/item {sceneCode, billerId}. */
export const billerItemsSchema = z.object({ sceneCode: sceneCodeField, billerId: billerIdField });

/**
 * POST biller/betting. amount is whole naira (spec §3: "amount (whole naira)"); the platform's
 * minimum and maximum are checked on the server against PalmPay's item.
 */
export const bettingPurchaseSchema = z.object({
  amount: z
    .union([z.number(), z.string()], { error: messages.bettingAmountRequired })
    .transform((value, ctx) => {
      const typed = String(value).trim();
      if (typed === '') {
        ctx.addIssue({ code: 'custom', message: messages.bettingAmountRequired });
        return z.NEVER;
      }
      // Commas only as thousands separators: "100,00" is refused, not read as 10,000.
      const text = wholeNairaDigits(typed);
      if (text === null || text.length > 9) {
        ctx.addIssue({
          code: 'custom',
          message: /^[\d,]+\.\d*$/.test(typed)
            ? messages.bettingWholeNaira
            : messages.invalidAmount,
        });
        return z.NEVER;
      }
      const naira = Number(text);
      if (naira <= 0) {
        ctx.addIssue({ code: 'custom', message: messages.bettingAmountRequired });
        return z.NEVER;
      }
      return naira * 100;
    }),
  billerId: billerIdField,
  itemId: z
    .string({ error: messages.bettingSelectPlatform })
    .trim()
    .min(1, messages.bettingSelectPlatform)
    .max(64, messages.bettingSelectPlatform),
  rechargeAccount: z
    .string({ error: messages.bettingUserIdRequired })
    .trim()
    .min(1, messages.bettingUserIdRequired)
    .max(64, messages.bettingUserIdRequired),
  transactionPin: z
    .string({ error: messages.bettingPinRequired })
    .min(1, messages.bettingPinRequired)
    .pipe(pinField),
});
