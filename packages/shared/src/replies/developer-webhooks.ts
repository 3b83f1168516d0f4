import { z } from 'zod/mini';
import { dataReply } from './common';

/** One webhook delivery as its owner sees it (WebhookDeliveryDto). */
export const webhookDeliveryDtoSchema = z.object({
  _id: z.string(),
  keyId: z.string(),
  keyName: z.string(),
  event: z.enum(['purchase.delivered', 'purchase.failed', 'purchase.reversed']),
  /** Our reference of the order. */
  reference: z.string(),
  /** pending: queued or retrying; delivered: a 2xx came back; failed: given up after 24 hours. */
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().check(z.int()),
  lastStatus: z.nullable(z.number().check(z.int())),
  lastError: z.nullable(z.string()),
  lastAttemptAt: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** The JSON text posted, exactly as sent (and signed). */
  body: z.string(),
});

/** GET developer/webhooks: one page, newest first. */
export const webhookDeliveriesReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(webhookDeliveryDtoSchema),
  pagination: z.object({
    page: z.number().check(z.int()),
    limit: z.number().check(z.int()),
    total: z.number().check(z.int()),
    pages: z.number().check(z.int()),
  }),
});

/** POST developer/webhooks/:id/replay: the delivery, queued again. */
export const webhookDeliveryReplySchema = dataReply(webhookDeliveryDtoSchema);
