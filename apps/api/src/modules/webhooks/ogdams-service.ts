import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { Settlement } from '../purchases/settlement';
import { ogdamsWebhookRepository } from './ogdams-repository';

export type OgdamsWebhookResult = 'settled' | 'already-final' | 'pending' | 'unmatched';

/**
 * Ogdams's webhook events finish its orders (Ogdams documents no status lookup). The signature is
 * checked over the exact raw body first; then the named order is settled through the same
 * conditional state change as every other resolver, so a replayed or late event changes nothing
 * and an order is refunded at most once. A pending event (201/202) leaves the order as it is.
 */
export function createOgdamsWebhookService(
  { providers, database, logger, metrics }: AppDeps,
  settlement: Settlement,
) {
  return {
    async handle(
      rawBody: string,
      headers: Record<string, string | undefined>,
    ): Promise<OgdamsWebhookResult> {
      const event = providers.ogdams.parseWebhook(rawBody, headers);
      if (!event) {
        metrics?.webhook('ogdams', 'bad_signature');
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      const order = await ogdamsWebhookRepository.orderByReference(database.db, event.reference);
      const log = { reference: event.reference, order: order?.transactionId };
      if (!order) {
        logger.warn(log, 'Ogdams event for an order we do not have');
        return 'unmatched';
      }
      if (order.state === 'delivered' || order.state === 'failed') return 'already-final';
      if (event.outcome.status === 'pending') return 'pending';
      const settled = await settlement.settle(order, event.outcome);
      if (!settled) return 'already-final';
      logger.info({ ...log, outcome: event.outcome.status }, 'Ogdams event settled an order');
      return 'settled';
    },
  };
}

export type OgdamsWebhookService = ReturnType<typeof createOgdamsWebhookService>;
