import { z } from 'zod/mini';
import { adminDataReply, adminNaira, adminPaginationSchema } from './admin-common';

const person = z.object({ _id: z.string(), email: z.string(), name: z.string() });

/** A staff credit or debit under four eyes (decision 0047). */
export const adjustmentRequestDtoSchema = z.object({
  _id: z.string(),
  user: person,
  direction: z.enum(['credit', 'debit']),
  amount: adminNaira(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requestedBy: z.string(),
  requestedById: z.nullable(z.string()),
  requestedAt: z.string(),
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  decisionReason: z.string(),
  capOverride: z.boolean(),
  reference: z.nullable(z.string()),
  refundedDeliveryId: z.nullable(z.string()),
  balance: adminNaira(),
  balanceCap: adminNaira(),
});

/** POST admin/users/{id}/credit|debit (202), adjustments/{id}/approve|reject. */
export const adjustmentRequestReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: adjustmentRequestDtoSchema,
});

/** GET admin/adjustments/{id}. */
export const adjustmentReplySchema = adminDataReply(adjustmentRequestDtoSchema);

/** GET admin/adjustments?status=&page=. */
export const adjustmentListReplySchema = adminDataReply(
  z.object({ requests: z.array(adjustmentRequestDtoSchema), pagination: adminPaginationSchema }),
);

/** A refunded order the supplier delivered after all (decision 0048). */
export const refundedDeliveryDtoSchema = z.object({
  _id: z.string(),
  transactionId: z.string(),
  reference: z.string(),
  description: z.string(),
  user: person,
  supplier: z.string(),
  amount: adminNaira(),
  detectedAt: z.string(),
  status: z.enum(['open', 'recovery_requested', 'recovered', 'written_off']),
  resolvedBy: z.nullable(z.string()),
  resolvedAt: z.nullable(z.string()),
  resolutionReason: z.string(),
});

/** GET admin/refunded-deliveries. */
export const refundedDeliveriesReplySchema = adminDataReply(
  z.object({ deliveries: z.array(refundedDeliveryDtoSchema) }),
);

/** POST admin/refunded-deliveries/{id}/recover (202) and …/write-off. */
export const refundedDeliveryReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: refundedDeliveryDtoSchema,
});
