import { z } from 'zod/mini';
import { messages } from '../messages';
import {
  ADMIN_SWAP_PAGE_SIZE,
  SWAP_BANKS,
  SWAP_MAX_NAIRA,
  SWAP_MIN_NAIRA,
  SWAP_NETWORKS,
  SWAP_STATUSES,
} from '../constants';
import { EMAIL_PATTERN, refuse } from './fields';

/**
 * Airtime-to-cash bodies and queries (spec 2 §5, §7), shared by the form and the API. Messages
 * are reported in the form's field order: phone, network, amount, payment method, payment
 * details, PIN.
 */

export const SWAP_PAYMENT_METHODS = ['wallet', 'bank'] as const;
export type SwapPaymentMethod = (typeof SWAP_PAYMENT_METHODS)[number];
export const SWAP_ADMIN_ACTIONS = ['approve', 'reject', 'complete'] as const;
export type SwapAdminAction = (typeof SWAP_ADMIN_ACTIONS)[number];

/** Exactly 11 digits, digits only (no +234 form here: the spec's rule is the digit count). */
export const swapPhoneField = z
  .string({ error: messages.swapPhoneInvalid })
  .check(z.trim(), z.regex(/^\d{11}$/, messages.swapPhoneInvalid));

/** MTN or Airtel, in any letter case; carried upper case. */
export const swapNetworkField = z.pipe(
  z.string({ error: messages.swapSelectNetwork }).check(z.trim(), z.toUpperCase()),
  z.enum(SWAP_NETWORKS, { error: messages.swapSelectNetwork }),
);

/**
 * Whole naira (digits only, a number or its text) to integer kobo within ₦100–₦50,000. An empty
 * field reads as 0 (the form filters non-digits), so it gets the minimum's message.
 */
export const swapAmountField = z.pipe(
  z.union([z.number(), z.string()], { error: messages.swapAmountMinimum }),
  z.transform((value: number | string, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') return refuse(ctx, messages.swapAmountMinimum);
    if (!/^\d{1,9}$/.test(text)) return refuse(ctx, messages.invalidAmount);
    const naira = Number(text);
    if (naira < SWAP_MIN_NAIRA) return refuse(ctx, messages.swapAmountMinimum);
    if (naira > SWAP_MAX_NAIRA) return refuse(ctx, messages.swapAmountMaximum);
    return naira * 100;
  }),
);

export const swapPinField = z
  .string({ error: messages.swapPinRequired })
  .check(z.minLength(1, messages.swapPinRequired), z.regex(/^\d{4}$/, messages.swapPinFourDigits));

/** Text as given (trimmed), or '' for anything that is not text; the refinement judges it. */
const looseText = z.pipe(
  z.optional(z.unknown()),
  z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : '')),
);
const looseBankDetails = z.pipe(
  z.optional(z.unknown()),
  z.transform((value: unknown) => {
    const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    const text = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
    return {
      accountNumber: text(v.accountNumber),
      bank: text(v.bank),
      accountName: text(v.accountName),
    };
  }),
);

/**
 * POST airtime-swap. The amount leaves as amountKobo and the payment details as `payout` for the
 * chosen method (the other method's fields are dropped). The payment details and the PIN are
 * judged after the fields before them, so the first message follows the form's order.
 */
const swapFormSchema = z
  .object({
    userPhone: swapPhoneField,
    network: swapNetworkField,
    amount: swapAmountField,
    paymentMethod: z.pipe(
      z.string({ error: messages.swapSelectPaymentMethod }).check(z.trim(), z.toLowerCase()),
      z.enum(SWAP_PAYMENT_METHODS, { error: messages.swapSelectPaymentMethod }),
    ),
    walletEmail: looseText,
    bankDetails: looseBankDetails,
    transactionPin: z.optional(z.unknown()),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.paymentMethod === 'wallet') {
        if (body.walletEmail === '') {
          ctx.addIssue({
            code: 'custom',
            path: ['walletEmail'],
            message: messages.swapWalletEmailRequired,
          });
        } else if (body.walletEmail.length > 254 || !EMAIL_PATTERN.test(body.walletEmail)) {
          ctx.addIssue({ code: 'custom', path: ['walletEmail'], message: messages.invalidEmail });
        }
      } else {
        const bank = body.bankDetails;
        if (!bank.accountNumber || !bank.bank || !bank.accountName) {
          ctx.addIssue({
            code: 'custom',
            path: ['bankDetails'],
            message: messages.swapBankDetailsRequired,
          });
        } else if (!/^\d{10}$/.test(bank.accountNumber)) {
          ctx.addIssue({
            code: 'custom',
            path: ['bankDetails', 'accountNumber'],
            message: messages.swapAccountNumberInvalid,
          });
        } else if (!(SWAP_BANKS as readonly string[]).includes(bank.bank)) {
          ctx.addIssue({
            code: 'custom',
            path: ['bankDetails', 'bank'],
            message: messages.swapBankUnknown,
          });
        } else if (bank.accountName.length > 100) {
          ctx.addIssue({
            code: 'custom',
            path: ['bankDetails', 'accountName'],
            message: messages.validationFailed,
          });
        }
      }
      const pin = swapPinField.safeParse(body.transactionPin);
      if (!pin.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['transactionPin'],
          message: pin.error.issues[0]?.message ?? messages.swapPinRequired,
        });
      }
    }),
  );

export const swapCreateSchema = z.pipe(
  swapFormSchema,
  z.transform(
    ({
      amount,
      walletEmail,
      bankDetails,
      transactionPin,
      ...rest
    }: z.output<typeof swapFormSchema>) => ({
      ...rest,
      amountKobo: amount,
      transactionPin: String(transactionPin),
      payout:
        rest.paymentMethod === 'wallet'
          ? { method: 'wallet' as const, walletEmail: walletEmail.toLowerCase() }
          : { method: 'bank' as const, ...bankDetails },
    }),
  ),
);

export type SwapCreateInput = z.output<typeof swapCreateSchema>;

/** PATCH airtime-swap/admin/{swapId}/verify. */
export const swapVerifySchema = z.object({
  action: z.enum(SWAP_ADMIN_ACTIONS, { error: messages.swapSelectAction }),
  note: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  payoutReference: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});

export type SwapVerifyInput = z.output<typeof swapVerifySchema>;

const pageField = z._default(
  z.coerce
    .number({ error: messages.validationFailed })
    .check(
      z.int(messages.validationFailed),
      z.gte(1, messages.validationFailed),
      z.lte(100_000, messages.validationFailed),
    ),
  1,
);

/** A status filter: one of the server's statuses, or empty for all. */
const statusFilter = z.pipe(
  z.pipe(
    z.optional(z.string().check(z.trim(), z.toUpperCase())),
    z.transform((value: string | undefined) => (value ? value : undefined)),
  ),
  z.optional(z.enum(SWAP_STATUSES, { error: messages.swapStatusInvalid })),
);

/**
 * The admin's "Search all": plain text over every swap (reference, phones, customer name and
 * e-mail, bank account), matched by the server across all pages; empty for no search.
 */
const swapSearchField = z._default(
  z.string().check(z.trim(), z.maxLength(100, messages.validationFailed)),
  '',
);

/** GET airtime-swap/admin?status=&page=&search= (page size ADMIN_SWAP_PAGE_SIZE). */
export const swapAdminListQuery = z.object({
  status: statusFilter,
  page: pageField,
  search: swapSearchField,
});
/** GET airtime-swap/admin/export?status=&search=: every swap the list would show, as CSV. */
export const swapExportQuery = z.object({ status: statusFilter, search: swapSearchField });
/** GET airtime-swap/admin/count?status=. */
export const swapCountQuery = z.object({ status: statusFilter });
/** GET airtime-swap/get-swaps?page=. */
export const swapPageQuery = z.object({ page: pageField });

export const SWAP_PAGE_SIZE = ADMIN_SWAP_PAGE_SIZE;
