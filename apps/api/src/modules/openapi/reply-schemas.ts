import { z } from 'zod';
import { GENDERS, ROLES } from '@owo/shared/constants';
import type { PurchaseReply, TransactionsReply, UserDto } from '@owo/shared/api-types';

/**
 * Zod schemas of the key replies, for the document. Each is checked against its type in
 * api-types.ts (replyTypesAgree below), so the two cannot drift: a field added to one side only
 * fails typecheck. Replies are not run through them (decision 0025).
 */

const userDto = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  accountBalance: z.number().describe('Naira, up to 2 decimals (kobo inside).'),
  hasSetTransactionPin: z.boolean(),
  isVerified: z.boolean(),
  status: z.string(),
  isGoogleUser: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  accountNumber: z.string(),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
  originalImageUrl: z.string(),
  isKYCVerified: z.boolean(),
  gender: z.enum([...GENDERS, '']),
  birthDate: z.string(),
  accountDetails: z
    .object({
      bankName: z.string(),
      accountName: z.string(),
      accountNumber: z.string(),
      accountType: z.string(),
      accountBalance: z.number(),
      status: z.string(),
      _id: z.string(),
    })
    .nullable(),
});

/** GET /api/user: the signed-in user, with the wallet balance. */
export const userReply = z.object({
  success: z.literal(true),
  message: z.string(),
  data: userDto,
});

const text = z.string().optional();

const transactionDto = z.object({
  _id: z.string(),
  type: z.enum(['debit', 'credit']),
  serviceType: z.enum([
    'airtime',
    'data',
    'cable',
    'electricity',
    'deposit',
    'transfer',
    'betting',
    'airtime-to-cash',
    'adjustment',
    'reversal',
  ]),
  currency: z.literal('NGN'),
  amount: z.number().describe('Naira, up to 2 decimals (kobo inside).'),
  status: z.enum(['success', 'pending', 'failed']),
  reference: z.string(),
  description: z.string(),
  createdAt: z.string(),
  metadata: z.object({
    network: text,
    plan: z.object({ size: text, name: text, validity: text, planType: text }).optional(),
    mobile_number: text,
    phone: text,
    meter_number: text,
    meterType: text,
    disco: text,
    customerName: text,
    token: text,
    units: text,
    smart_card_number: text,
    cablename: text,
    package: text,
    supplier: text,
    virtualAccountNo: text,
    payerAccountNo: text,
    processedAt: text,
    note: text,
    reversedAt: text,
    reversalReference: text,
    reversalOf: text,
    faceValue: z.number().optional().describe('Naira credited to the meter.'),
    discount: z.number().optional().describe('Naira taken off the face value.'),
  }),
});

/** Every purchase reply: the order as it stands ("pending" is finished by the reconciler). */
export const purchaseReply = z.object({
  success: z.literal(true),
  message: z.string(),
  status: z.enum(['success', 'pending', 'failed']),
  data: transactionDto,
});

/** GET /api/transactions: one page of the caller's history, newest first. */
export const historyPageReply = z.object({
  success: z.literal(true),
  message: z.string(),
  transactions: z.array(transactionDto),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});

/** Every field required, at every depth: an optional field on one side only then counts. */
type DeepRequired<T> = T extends readonly (infer E)[]
  ? DeepRequired<E>[]
  : T extends object
    ? { [K in keyof T]-?: DeepRequired<T[K]> }
    : T;
type Assignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** True when each type is assignable to the other, also with every field required. */
type Same<A, B> =
  Assignable<A, B> extends true ? Assignable<DeepRequired<A>, DeepRequired<B>> : false;

/** Fails typecheck when a reply schema and its type in api-types.ts disagree, either way. */
export const replyTypesAgree: {
  user: Same<z.output<typeof userReply>, { success: true; message: string; data: UserDto }>;
  purchase: Same<z.output<typeof purchaseReply>, PurchaseReply>;
  historyPage: Same<z.output<typeof historyPageReply>, TransactionsReply>;
} = { user: true, purchase: true, historyPage: true };
