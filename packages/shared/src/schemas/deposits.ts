import { z } from 'zod/mini';
import { DEPOSIT_MIN_NAIRA } from '../constants';
import { messages } from '../messages';
import { nairaAmountField } from './purchases';
import { preprocess } from './fields';

/**
 * Deposit bodies of spec §7 (POST deposit, deposit/bank-transfer, account/virtual): a naira amount,
 * carried as integer kobo from here on. The spec only says "amount required"; the minimum is
 * PalmPay's checkout minimum (₦100), kept for both kinds so the screen has one rule.
 */
export const depositAmountField = nairaAmountField(messages.depositAmountRequired).check(
  z.refine((kobo) => kobo >= DEPOSIT_MIN_NAIRA * 100, messages.depositMinimum),
);

export const depositSchema = z.object({
  amount: preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    depositAmountField,
  ),
});
