/**
 * The in-app notification centre: what reached the customer's wallet or finished while they were
 * elsewhere. The feed is derived from money rows on the server (decision 0033); these are its
 * shapes on the wire and the client's polling rhythm.
 */
import type { z } from 'zod/mini';
import type {
  notificationDtoSchema,
  notificationPulseSchema,
  notificationsReplySchema,
} from './replies/notifications';

export const NOTIFICATION_KINDS = [
  'deposit',
  'transfer',
  'credit',
  'refund',
  'order_delivered',
  'order_failed',
  'swap_paid',
  'swap_rejected',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The feed's notice, its reply and the pulse: their schemas are in replies/notifications.ts. */
export type NotificationDto = z.output<typeof notificationDtoSchema>;
export type NotificationsReply = z.output<typeof notificationsReplySchema>;
/** What the app polls: cheap enough to ask every few seconds. */
export type NotificationPulse = z.output<typeof notificationPulseSchema>;

/** The feed's length; older notices stay in the history. */
export const NOTIFICATION_FEED_LIMIT = 30;
/** The unread count stops here (the bell shows "9+" beyond nine). */
export const NOTIFICATION_UNREAD_CAP = 99;
/** Polling: while money is awaited, otherwise while the app is in front. */
export const PULSE_AWAITING_MS = 3_000;
export const PULSE_IDLE_MS = 15_000;

/**
 * The live stream (GET /api/notifications/stream, decision 0074): `event: pulse` carries a
 * NotificationPulse; `event: end` says why the server closed it. A session code means the
 * session is over (the app asks the pulse once more, whose 401 signs it out as any call's does);
 * SHUTDOWN means this API process is stopping (the app reconnects, to another one).
 */
export type PulseStreamEndCode = 'SESSION_EXPIRED' | 'SESSION_IDLE' | 'UNAUTHORIZED' | 'SHUTDOWN';
export interface PulseStreamEnd {
  code: PulseStreamEndCode;
}
/** The stream's `retry:` hint: how long a client waits before reconnecting. */
export const PULSE_STREAM_RETRY_MS = 3_000;
/** Open streams one customer may hold (tabs, devices); more are refused with 429. */
export const PULSE_STREAM_MAX_PER_USER = 5;
