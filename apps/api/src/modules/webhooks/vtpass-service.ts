import { formatKobo } from '@owo/shared/money';
import {
  isVtpassReversal,
  parseVtpassWebhook,
  VTPASS_VARIATIONS_UPDATE,
} from '@owo/providers/vtpass/webhook';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { Ledger } from '../../ledger/ledger';
import type { RefundedDeliveryService } from '../adjustments/refunded-deliveries-service';
import { reverseDeliveredOrder } from '../admin-transactions/reversal';
import { auditRepository, type Actor } from '../audit/repository';
import { alertsRepository } from '../purchases/alerts-repository';
import type { PurchaseRow } from '../purchases/repository';
import { answerOf, type Settlement } from '../purchases/settlement';
import { requerySupplier } from '../purchases/supplier-calls';
import { vtpassWebhookRepository as repo } from './vtpass-repository';

export type VtpassWebhookResult =
  /** A delivered order VTpass reversed: the customer refunded, now. */
  | 'reversed'
  /** Reversed before (an earlier copy of the callback, or an admin's Reverse): nothing moved. */
  | 'already-reversed'
  /** An open order settled by VTpass's answer. */
  | 'settled'
  | 'already-final'
  /** VTpass still calls it pending, or the paying request is still on it. */
  | 'pending'
  /** The callback claims what VTpass's own requery does not say: an admin is alerted. */
  | 'not-confirmed'
  | 'unmatched'
  /** VTpass's variation-code update: nothing to do for an order. */
  | 'ignored';

/** Who the audit log names for a reversal VTpass made itself. */
const VTPASS_ACTOR: Actor = { id: null, email: 'VTpass (transaction-update webhook)' };

/**
 * VTpass's transaction-update callback (decision 0044). VTpass signs nothing, so the body only
 * names an order: before anything moves, VTpass is asked about it with the same requery the
 * reconciler makes (no transaction is open during that call). Then:
 * - a delivered order that VTpass's requery calls reversed (040, or status `reversed`) is refunded
 *   to the customer through the one `reverse` action an order has, so 20 copies of the callback,
 *   an admin's Reverse and the callback together all refund it once; the credit row is the
 *   customer's "Refund received" notice, and the audit entry and an operator alert are the
 *   admin's trail, all in the transaction that moves the money;
 * - an open order is settled as the requery says, through the reconciler's own settlement;
 * - a reversal the requery does not confirm moves nothing and alerts an admin. When VTpass did not
 *   answer the requery, the callback is refused (503) so VTpass sends it again.
 */
export function createVtpassWebhookService(
  deps: AppDeps,
  ledger: Ledger,
  settlement: Settlement,
  refundedDeliveries: RefundedDeliveryService,
) {
  const { database, providers, clock, logger, config } = deps;

  async function alertOnce(order: PurchaseRow, message: string, detail: string) {
    if (await repo.openAlertExists(database.db, order.transactionId, message)) return;
    await alertsRepository.insert(database.db, {
      supplier: 'vtpass',
      message,
      transactionId: order.transactionId,
      detail: detail.slice(0, 500),
      createdAt: clock.now(),
    });
    logger.error({ order: order.transactionId, alert: message }, 'operator alert: VTpass callback');
  }

  async function reverse(order: PurchaseRow, description: string): Promise<VtpassWebhookResult> {
    const reason = `VTpass reversed the order to our VTpass wallet after delivery (${description})`;
    const result = await database.db.transaction((tx) =>
      reverseDeliveredOrder(
        tx,
        ledger,
        { transactionId: order.transactionId, actorId: null, reason, at: clock.now() },
        async (tx, { original, credit }) => {
          await auditRepository.record(tx, VTPASS_ACTOR, {
            action: 'order.reverse',
            entity: 'transaction',
            entityId: order.transactionId,
            before: { status: original.status, state: order.state },
            after: { status: original.status, state: order.state, reversal: credit.reference },
            reason: reason.slice(0, 500),
          });
          await alertsRepository.insert(tx, {
            supplier: 'vtpass',
            message: `VTpass reversed delivered order ${original.reference}: the customer was refunded ${formatKobo(credit.amountKobo)}`,
            transactionId: order.transactionId,
            detail: description.slice(0, 500),
            createdAt: clock.now(),
          });
        },
      ),
    );
    if (result.kind === 'reversed') {
      logger.warn({ order: order.transactionId }, 'VTpass reversed a delivered order: refunded');
      return 'reversed';
    }
    return result.kind === 'already-reversed' ? 'already-reversed' : 'already-final';
  }

  return {
    async handle(rawBody: string): Promise<VtpassWebhookResult> {
      const event = parseVtpassWebhook(rawBody);
      if (!event) throw new AppError('WEBHOOK_BODY_INVALID');
      if (event.requestId === undefined) {
        // The one other callback VTpass documents; any other type is no callback of VTpass's.
        if (event.type !== VTPASS_VARIATIONS_UPDATE) throw new AppError('WEBHOOK_BODY_INVALID');
        logger.info({ type: event.type }, 'VTpass variation-codes callback');
        return 'ignored';
      }
      const order = await repo.orderByRequestId(database.db, event.requestId);
      if (!order) {
        logger.warn({ requestId: event.requestId }, 'VTpass callback for an order we do not have');
        return 'unmatched';
      }
      if (order.state === 'failed') {
        // "Delivered" for an order an admin refunded: VTpass signs nothing, so its requery must
        // say so too before the customer is found to hold both (decision 0048).
        if (event.status === 'delivered' && (await refundedDeliveries.refundedByAdmin(order))) {
          await refundedDeliveries.noteDelivered(order, await requerySupplier(providers, order));
        }
        return 'already-final';
      }
      if (
        order.state === 'processing' &&
        clock.now().getTime() < order.createdAt.getTime() + config.processingGraceMs
      ) {
        // The paying request is still waiting on VTpass: it, or the reconciler after it, settles.
        return 'pending';
      }

      const answer = await requerySupplier(providers, order);
      const claimsReversal = event.code === '040' || event.status === 'reversed';
      if (order.state === 'delivered') {
        if (answer.status === 'failed' && isVtpassReversal(answer.raw)) {
          return reverse(order, answer.description);
        }
        if (!claimsReversal) return 'already-final';
        const message = `VTpass's callback says delivered order ${event.requestId} was reversed; its requery does not confirm it: check the order on the VTpass dashboard, and Reverse it if VTpass took the money back`;
        await alertOnce(order, message, JSON.stringify(answerOf(answer)));
        // No answer from VTpass: refuse, so that VTpass sends the callback again.
        if (answer.status === 'pending') throw new AppError('WEBHOOK_NOT_CONFIRMED');
        return 'not-confirmed';
      }

      // An open order: VTpass's answer settles it, exactly as the reconciler would.
      if (answer.status === 'pending') {
        await settlement.markPending(order, answer);
        return 'pending';
      }
      return (await settlement.settle(order, answer)) ? 'settled' : 'already-final';
    },
  };
}

export type VtpassWebhookService = ReturnType<typeof createVtpassWebhookService>;
