import { z } from 'zod/mini';

const text = () => z.optional(z.string());
const naira = (what = 'Naira, up to 2 decimals (kobo inside).') =>
  z.number().check(z.describe(what));

/** A history row as the history, purchase and transfer replies carry it (TransactionDto). */
export const transactionDtoSchema = z.object({
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
  amount: naira(),
  status: z.enum(['success', 'pending', 'failed']),
  reference: z.string(),
  description: z.string(),
  createdAt: z.string(),
  metadata: z.object({
    network: text(),
    plan: z.optional(z.object({ size: text(), name: text(), validity: text(), planType: text() })),
    mobile_number: text(),
    phone: text(),
    meter_number: text(),
    meterType: text(),
    disco: text(),
    customerName: text(),
    token: text(),
    units: text(),
    smart_card_number: text(),
    cablename: text(),
    package: text(),
    supplier: text(),
    virtualAccountNo: text(),
    payerAccountNo: text(),
    processedAt: text(),
    note: text(),
    reversedAt: text(),
    reversalReference: text(),
    reversalOf: text(),
    faceValue: z.optional(naira('Naira credited to the meter.')),
    discount: z.optional(naira('Naira taken off the face value.')),
  }),
});

/** Every purchase reply: the order as it stands ("pending" is finished by the reconciler). */
export const purchaseReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  status: z.enum(['success', 'pending', 'failed']),
  data: transactionDtoSchema,
});

/** GET /api/transactions: one page of the caller's history, newest first. */
export const historyPageReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  transactions: z.array(transactionDtoSchema),
  pagination: z.object({
    page: z.number().check(z.int()),
    limit: z.number().check(z.int()),
    total: z.number().check(z.int()),
    pages: z.number().check(z.int()),
  }),
});

/** POST transfers: the sender's debit row as it stands. */
export const transferReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: transactionDtoSchema,
});
