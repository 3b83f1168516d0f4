import { z } from 'zod';
import { TRANSFER_MIN_NAIRA } from '../constants';
import { messages } from '../messages';
import { parseNairaToKobo } from '../money';
import { EMAIL_PATTERN, emailField, pinField } from './fields';

/** Transfer bodies of spec §7 (Transfers), shared by the transfer screen and the API. */

export const TRANSFER_NOTE_MAX = 100;

/** POST transfers/verify-recipient: the beneficiary's e-mail (§5 messages). */
export const verifyRecipientSchema = z.object({
  email: z
    .string({ error: messages.transferBeneficiaryRequired })
    .trim()
    .min(1, messages.transferBeneficiaryRequired)
    .pipe(emailField),
});

/** Naira with at most 2 decimals, at least TRANSFER_MIN_NAIRA, to integer kobo. */
export const transferAmountField = z
  .union([z.number(), z.string()], { error: messages.transferAmountRequired })
  .transform((value, ctx) => {
    if (String(value).trim() === '') {
      ctx.addIssue({ code: 'custom', message: messages.transferAmountRequired });
      return z.NEVER;
    }
    const kobo = parseNairaToKobo(value);
    if (kobo === null || kobo <= 0) {
      ctx.addIssue({ code: 'custom', message: messages.invalidAmount });
      return z.NEVER;
    }
    if (kobo < TRANSFER_MIN_NAIRA * 100) {
      ctx.addIssue({ code: 'custom', message: messages.transferMinimum });
      return z.NEVER;
    }
    return kobo;
  });

/**
 * POST transfers. recipientIdentifier is what verify-recipient answered (the recipient's _id) or
 * their e-mail; the narration is optional.
 */
export const transferSchema = z.object({
  recipientIdentifier: z
    .string({ error: messages.transferBeneficiaryRequired })
    .trim()
    .min(1, messages.transferBeneficiaryRequired)
    .max(254, messages.transferBeneficiaryRequired)
    .transform((value) => (EMAIL_PATTERN.test(value) ? value.toLowerCase() : value)),
  amount: transferAmountField,
  transactionPin: pinField,
  note: z
    .string()
    .trim()
    .max(TRANSFER_NOTE_MAX, messages.transferNoteTooLong)
    .optional()
    .default(''),
});

/** POST transfers/verify: a bank account's name (Safe Haven name enquiry). */
export const bankAccountVerifySchema = z.object({
  bankCode: z
    .string({ error: messages.selectBank })
    .trim()
    .regex(/^\d{3,10}$/, messages.selectBank),
  accountNumber: z
    .string({ error: messages.invalidAccountNumber })
    .trim()
    .regex(/^\d{10}$/, messages.invalidAccountNumber),
});
