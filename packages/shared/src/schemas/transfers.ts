import { z } from 'zod/mini';
import { TRANSFER_MIN_NAIRA } from '../constants';
import { messages } from '../messages';
import { parseNairaToKobo } from '../money';
import { EMAIL_PATTERN, emailField, pinField, refuse } from './fields';

/** Transfer bodies of spec §7 (Transfers), shared by the transfer screen and the API. */

export const TRANSFER_NOTE_MAX = 100;

/** POST transfers/verify-recipient: the beneficiary's e-mail (§5 messages). */
export const verifyRecipientSchema = z.object({
  email: z.pipe(
    z
      .string({ error: messages.transferBeneficiaryRequired })
      .check(z.trim(), z.minLength(1, messages.transferBeneficiaryRequired)),
    emailField,
  ),
});

/** Naira with at most 2 decimals, at least TRANSFER_MIN_NAIRA, to integer kobo. */
export const transferAmountField = z.pipe(
  z.union([z.number(), z.string()], { error: messages.transferAmountRequired }),
  z.transform((value: number | string, ctx) => {
    if (String(value).trim() === '') return refuse(ctx, messages.transferAmountRequired);
    const kobo = parseNairaToKobo(value);
    if (kobo === null || kobo <= 0) return refuse(ctx, messages.invalidAmount);
    if (kobo < TRANSFER_MIN_NAIRA * 100) return refuse(ctx, messages.transferMinimum);
    return kobo;
  }),
);

/**
 * POST transfers. recipientIdentifier is what verify-recipient answered (the recipient's _id) or
 * their e-mail; the narration is optional.
 */
export const transferSchema = z.object({
  recipientIdentifier: z.pipe(
    z
      .string({ error: messages.transferBeneficiaryRequired })
      .check(
        z.trim(),
        z.minLength(1, messages.transferBeneficiaryRequired),
        z.maxLength(254, messages.transferBeneficiaryRequired),
      ),
    z.transform((value: string) => (EMAIL_PATTERN.test(value) ? value.toLowerCase() : value)),
  ),
  amount: transferAmountField,
  transactionPin: pinField,
  note: z._default(
    z.optional(
      z.string().check(z.trim(), z.maxLength(TRANSFER_NOTE_MAX, messages.transferNoteTooLong)),
    ),
    '',
  ),
});

/** POST transfers/verify: a bank account's name (Safe Haven name enquiry). */
export const bankAccountVerifySchema = z.object({
  bankCode: z
    .string({ error: messages.selectBank })
    .check(z.trim(), z.regex(/^\d{3,10}$/, messages.selectBank)),
  accountNumber: z
    .string({ error: messages.invalidAccountNumber })
    .check(z.trim(), z.regex(/^\d{10}$/, messages.invalidAccountNumber)),
});
