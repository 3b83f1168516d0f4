import { z } from 'zod/mini';
import { NOTIFICATION_KINDS } from '../notifications';

/** One notice of the feed (NotificationDto). */
export const notificationDtoSchema = z.object({
  /** Stable across reads: "tx:<uuid>", "order:<uuid>" or "swap:<uuid>". */
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** When it happened (ISO 8601). */
  at: z.string(),
  amount: z.number().check(z.describe('Naira, up to 2 decimals (kobo inside).')),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  /** The history row it concerns (its detail sheet), when there is one. */
  transactionId: z.nullable(z.string()),
  /** The swap reference (SWP-…) of an airtime-to-cash notice. */
  swapId: z.nullable(z.string()),
});

/** GET notifications: the newest notices and the unread count (no `message`). */
export const notificationsReplySchema = z.object({
  success: z.literal(true),
  unread: z.number().check(z.int()),
  notifications: z.array(notificationDtoSchema),
});

/** GET notifications/pulse and POST notifications/read: what the app polls (NotificationPulse). */
export const notificationPulseSchema = z.object({
  success: z.literal(true),
  unread: z.number().check(z.int()),
  /** The newest unread notification, so the client knows when to fetch the feed and toast. */
  latest: z.nullable(z.object({ id: z.string(), at: z.string() })),
  balance: z.number().check(z.describe('The wallet balance in naira.')),
  /** Money is on its way (an open deposit session or an unsettled order): poll faster. */
  awaiting: z.boolean(),
});
