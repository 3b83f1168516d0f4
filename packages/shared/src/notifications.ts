/**
 * The in-app notification centre: what reached the customer's wallet or finished while they were
 * elsewhere. The feed is derived from money rows on the server (decision 0033); these are its
 * shapes on the wire and the client's polling rhythm.
 */

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

export interface NotificationDto {
  /** Stable across reads: "tx:<uuid>", "order:<uuid>" or "swap:<uuid>". */
  id: string;
  kind: NotificationKind;
  /** When it happened (ISO 8601). */
  at: string;
  /** Naira. */
  amount: number;
  title: string;
  body: string;
  read: boolean;
  /** The history row it concerns (its detail sheet), when there is one. */
  transactionId: string | null;
  /** The swap reference (SWP-…) of an airtime-to-cash notice. */
  swapId: string | null;
}

export interface NotificationsReply {
  success: true;
  unread: number;
  notifications: NotificationDto[];
}

/** What the app polls: cheap enough to ask every few seconds. */
export interface NotificationPulse {
  success: true;
  unread: number;
  /** The newest notification, so the client knows when to fetch the feed and toast. */
  latest: { id: string; at: string } | null;
  /** The wallet balance in naira. */
  balance: number;
  /** Money is on its way (an open deposit session or an unsettled order): poll faster. */
  awaiting: boolean;
}

/** The feed's length; older notices stay in the history. */
export const NOTIFICATION_FEED_LIMIT = 30;
/** The unread count stops here (the bell shows "9+" beyond nine). */
export const NOTIFICATION_UNREAD_CAP = 99;
/** Polling: while money is awaited, otherwise while the app is in front. */
export const PULSE_AWAITING_MS = 3_000;
export const PULSE_IDLE_MS = 15_000;
