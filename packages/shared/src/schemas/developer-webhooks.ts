import { z } from 'zod/mini';

/** Deliveries a page of the log holds at most (and by default). */
export const WEBHOOK_PAGE_MAX = 50;

/** GET developer/webhooks: a page of the caller's deliveries, newest first, of one key if named. */
export const webhookDeliveriesQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(WEBHOOK_PAGE_MAX)),
    WEBHOOK_PAGE_MAX,
  ),
  keyId: z.optional(z.uuid()),
});

/** POST developer/webhooks/:id/replay. */
export const webhookDeliveryIdParams = z.object({
  id: z.uuid(),
});
