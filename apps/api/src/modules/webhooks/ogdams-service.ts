import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { Settlement } from '../purchases/settlement';
import type { RefundedDeliveryService } from '../adjustments/refunded-deliveries-service';
import { ogdamsWebhookRepository } from './ogdams-repository';
import { supplierWebhooksRepository } from './status-repository';

export type OgdamsWebhookResult = 'settled' | 'already-final' | 'pending' | 'unmatched';

/**
 * Ogdams's webhook events finish its orders (Ogdams documents no status lookup). The signature is
 * checked over the exact raw body first; then the named order is settled through the same
 * conditional state change as every other resolver, so a replayed or late event changes nothing
 * and an order is refunded at most once. A pending event (201/202) leaves the order as it is.
 * Every signed event also proves our inferred signing key right, and every refused one counts
 * against it: until one has verified, live routing keeps Ogdams off its routes (decision 0045).
 */
export function createOgdamsWebhookService(
  { providers, database, logger, metrics, clock }: AppDeps,
  settlement: Settlement,
  refundedDeliveries: RefundedDeliveryService,
) {
  return {
    async handle(
      rawBody: string,
      headers: Record<string, string | undefined>,
    ): Promise<OgdamsWebhookResult> {
      if (!providers.ogdams.signatureValid(rawBody, headers)) {
        await supplierWebhooksRepository.recordRefused(database.db, 'ogdams', clock.now());
        metrics?.webhook('ogdams', 'bad_signature');
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      await supplierWebhooksRepository.recordVerified(database.db, 'ogdams', clock.now());
      const event = providers.ogdams.parseWebhook(rawBody, headers);
      if (!event) {
        // Signed by Ogdams but not an order event we can read: acknowledged, nothing moves.
        logger.warn('Ogdams signed event that names no order');
        return 'unmatched';
      }
      const order = await ogdamsWebhookRepository.orderByReference(database.db, event.reference);
      const log = { reference: event.reference, order: order?.transactionId };
      if (!order) {
        logger.warn(log, 'Ogdams event for an order we do not have');
        return 'unmatched';
      }
      if (order.state === 'delivered' || order.state === 'failed') {
        // Delivered after an admin's forced refund: the customer has both (decision 0048).
        await refundedDeliveries.noteDelivered(order, event.outcome);
        return 'already-final';
      }
      if (event.outcome.status === 'pending') return 'pending';
      const settled = await settlement.settle(order, event.outcome);
      if (!settled) return 'already-final';
      logger.info({ ...log, outcome: event.outcome.status }, 'Ogdams event settled an order');
      return 'settled';
    },
  };
}

export type OgdamsWebhookService = ReturnType<typeof createOgdamsWebhookService>;
