import { koboToNaira } from '@owo/shared/money';
import {
  NOTIFICATION_FEED_LIMIT,
  NOTIFICATION_UNREAD_CAP,
  type NotificationPulse,
  type NotificationsReply,
} from '@owo/shared/notifications';
import type { AppDeps } from '../../deps';
import { ledgerRepository } from '../../ledger/repository';
import { notificationsRepository } from './repository';
import { toNotificationDto } from './texts';

/**
 * The notification centre (decision 0033): a feed derived from the money rows, a per-customer
 * read mark, and the pulse the app polls to keep the balance and the bell current on every API
 * node alike (the database is the only thing the nodes share).
 */
export function createNotificationService({ database, clock }: AppDeps) {
  const db = () => database.db;

  async function pulse(userId: string): Promise<NotificationPulse> {
    const mark = await notificationsRepository.readMark(db(), userId);
    const [unread, wallet, awaiting] = await Promise.all([
      notificationsRepository.feed(db(), userId, mark, NOTIFICATION_UNREAD_CAP),
      ledgerRepository.walletOf(db(), userId),
      notificationsRepository.awaiting(db(), userId, clock.now()),
    ]);
    const newest = unread[0] ? toNotificationDto(unread[0], mark) : null;
    return {
      success: true,
      unread: unread.length,
      latest: newest ? { id: newest.id, at: newest.at } : null,
      balance: koboToNaira(wallet?.balanceKobo ?? 0),
      awaiting,
    };
  }

  return {
    pulse,

    async list(userId: string): Promise<NotificationsReply> {
      const [rows, mark] = await Promise.all([
        notificationsRepository.feed(db(), userId, null, NOTIFICATION_FEED_LIMIT),
        notificationsRepository.readMark(db(), userId),
      ]);
      const notifications = rows.map((row) => toNotificationDto(row, mark));
      const unread = await notificationsRepository.feed(
        db(),
        userId,
        mark,
        NOTIFICATION_UNREAD_CAP,
      );
      return { success: true, unread: unread.length, notifications };
    },

    /**
     * Marks read everything up to `upTo` (the newest notice the app showed), never past now: a
     * notice that commits after the screen was drawn stays unread.
     */
    async markRead(userId: string, upTo: Date | undefined) {
      const now = clock.now();
      const mark = upTo && upTo.getTime() < now.getTime() ? upTo : now;
      await notificationsRepository.moveReadMark(db(), userId, mark);
      return pulse(userId);
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
