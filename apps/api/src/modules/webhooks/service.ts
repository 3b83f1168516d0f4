import type { PalmPayWebhook } from '@owo/providers/types';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { crashPoint } from '../../lib/crash-points';
import type { CreditOutcome, DepositCredit } from '../deposits/credit';
import { supplierWebhooksRepository } from './status-repository';

type BillEvent = Extract<PalmPayWebhook, { kind: 'bill' }>;

/** Who settles betting orders from PalmPay's bill notifications (the betting module). */
export type BillNotificationHandler = (event: BillEvent) => Promise<unknown>;

/**
 * PalmPay's notifications, one entry point: the signature is checked over the exact raw body
 * before anything is read or written; then each kind goes to its owner. Every outcome that is
 * not an error (credited, duplicate, unmatched, recorded) is acknowledged, because PalmPay
 * retries anything else; errors (the database down) are not, so PalmPay retries them.
 */
export function createWebhookService(
  { providers, logger, config, metrics, database, clock }: AppDeps,
  credit: DepositCredit,
  billHandler: BillNotificationHandler | undefined,
) {
  return {
    async palmpay(
      rawBody: string,
    ): Promise<{ kind: PalmPayWebhook['kind']; outcome: CreditOutcome | 'handled' }> {
      const event = providers.palmpay.parseWebhook(rawBody);
      if (!event) {
        await supplierWebhooksRepository.recordRefused(database.db, 'palmpay', clock.now());
        metrics?.webhook('palmpay', 'bad_signature');
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      // PALMPAY_PUBLIC_KEY proven on a real notification: what `cli live-check` reports.
      await supplierWebhooksRepository.recordVerified(database.db, 'palmpay', clock.now());
      crashPoint(config, 'webhook:after-signature');
      switch (event.kind) {
        case 'checkout':
          return {
            kind: event.kind,
            outcome:
              event.orderStatus === 2
                ? await credit.checkoutPaid(event, 'webhook')
                : await credit.checkoutNotPaid(event),
          };
        case 'virtual_account':
          return { kind: event.kind, outcome: await credit.virtualAccountPaid(event) };
        case 'bill':
          if (!billHandler) {
            // Betting is wired separately; without it the order stays with its reconciler.
            logger.warn(
              { eventId: event.eventId },
              'palmpay bill notification: no betting handler',
            );
            return { kind: event.kind, outcome: 'recorded' };
          }
          await billHandler(event);
          return { kind: event.kind, outcome: 'handled' };
      }
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
