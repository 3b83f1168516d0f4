import { z } from 'zod/mini';
import { adminNaira, adminPaginationSchema, count } from './admin-common';
import { transactionDtoSchema } from './transactions';

const orderAction = z.enum(['approve', 'refund', 'reverse']);

/** A transaction in the admin list, with its customer and what an admin may do to it. */
export const adminTransactionDtoSchema = z.extend(transactionDtoSchema, {
  user: z.object({
    _id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string(),
  }),
  /** The supplier side of a purchase: absent for deposits, transfers, credits … */
  order: z.optional(
    z.object({
      state: z.enum(['processing', 'pending', 'delivered', 'failed']),
      supplier: z.string(),
      supplierReference: z.nullable(z.string()),
      costPrice: adminNaira(),
      attempts: count(),
      lastDescription: z.string(),
      // The supplier's last reply as it came ({at, status, description, raw}, raw being each
      // supplier's own free-form JSON), or null.
      lastAnswer: z.unknown(),
      /**
       * Open past NEEDS_DECISION_AFTER_MS, or with nothing a lookup can learn: no longer requeried
       * by itself; an admin decides.
       */
      needsDecision: z.boolean(),
      /** When it needs a decision: why it is waiting, and what to check before deciding. */
      decision: z.nullable(z.object({ why: z.string(), check: z.string() })),
    }),
  ),
  /** Actions already taken, oldest first. */
  adminActions: z.array(
    z.object({ action: orderAction, by: z.string(), reason: z.string(), at: z.string() }),
  ),
  /** What an admin may do now (the server decides; the popup shows only these). */
  allowedActions: z.array(orderAction),
});

/** GET admin/transactions: every customer's transactions, one page. */
export const adminTransactionsReplySchema = z.object({
  success: z.literal(true),
  data: z.array(adminTransactionDtoSchema),
  pagination: adminPaginationSchema,
});

/** GET admin/orders/needs-decision: open orders past the age limit, oldest first. */
export const needsDecisionReplySchema = z.extend(adminTransactionsReplySchema, {
  /** The age (hours) past which an open order stops being requeried by itself. */
  afterHours: z.number(),
});

/** GET admin/transactions/{id}, and Approve / Refund / Reverse: the order as it now stands. */
export const adminTransactionReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: adminTransactionDtoSchema,
});
