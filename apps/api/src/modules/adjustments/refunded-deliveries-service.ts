import type { PurchaseOutcome } from '@owo/providers/types';
import type {
  RefundedDeliveriesReply,
  RefundedDeliveryDto,
  RefundedDeliveryReply,
} from '@owo/shared/adjustments';
import { adjustmentMessages } from '@owo/shared/adjustment-messages';
import { koboToNaira } from '@owo/shared/money';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { auditRepository, type Actor } from '../audit/repository';
import { answerOf } from '../purchases/settlement';
import type { PurchaseRow } from '../purchases/repository';
import { refundedDeliveriesRepository as repo } from './refunded-deliveries-repository';
import type { AdjustmentRequestService } from './requests-service';

const LISTED = 100;

/**
 * Refunded orders a supplier delivered after all (decision 0048). The books stay right (the
 * refund was a ledger transfer, the late report changes no state), but the customer holds the
 * goods and the money: the report is recorded once, raises an admin alert, and waits until an
 * admin files a recovery (a debit request, approved by a second admin) or writes it off.
 */
export function createRefundedDeliveryService(deps: AppDeps, requests: AdjustmentRequestService) {
  const { database, clock, logger } = deps;
  const db = database.db;

  async function listed(id: string): Promise<RefundedDeliveryDto> {
    const row = (await repo.list(db, LISTED)).find((r) => r.delivery.id === id);
    if (!row) throw new AppError('NOT_FOUND');
    return toDto(row);
  }

  function toDto(row: Awaited<ReturnType<typeof repo.list>>[number]): RefundedDeliveryDto {
    const d = row.delivery;
    return {
      _id: d.id,
      transactionId: d.transactionId,
      reference: row.reference,
      description: row.description,
      user: {
        _id: d.userId,
        email: row.email,
        name: `${row.firstName} ${row.lastName}`.trim(),
      },
      supplier: d.supplier,
      amount: koboToNaira(d.amountKobo),
      detectedAt: d.detectedAt.toISOString(),
      status: d.status,
      resolvedBy: d.resolvedByEmail,
      resolvedAt: d.resolvedAt?.toISOString() ?? null,
      resolutionReason: d.resolutionReason,
    };
  }

  return {
    /**
     * A supplier's delivered report for an order already final. Only an order an admin refunded
     * on their own word is recorded: a supplier that answered "failed" and then "delivered"
     * contradicts itself, which the supplier-refusal alerts cover.
     */
    /** Whether an admin refunded this order on their own word (a refund a late delivery contradicts). */
    async refundedByAdmin(order: PurchaseRow): Promise<boolean> {
      return order.state === 'failed' && (await repo.refundedByAdmin(db, order.transactionId));
    },

    async noteDelivered(order: PurchaseRow, outcome: PurchaseOutcome): Promise<boolean> {
      if (order.state !== 'failed' || outcome.status !== 'delivered') return false;
      if (!(await repo.refundedByAdmin(db, order.transactionId))) return false;
      const fresh = await repo.record(db, {
        transactionId: order.transactionId,
        supplier: order.supplier,
        answer: answerOf(outcome) as Record<string, unknown>,
        at: clock.now(),
      });
      if (fresh) {
        logger.error(
          { order: order.transactionId, supplier: order.supplier },
          'operator alert: a supplier delivered an order an admin had refunded',
        );
      }
      return fresh;
    },

    async list(): Promise<RefundedDeliveriesReply> {
      const rows = await repo.list(db, LISTED);
      return { success: true, data: { deliveries: rows.map(toDto) } };
    },

    /** Files a debit of the refunded amount for a second admin to approve (four eyes). */
    async recover(actor: Actor & { id: string }, id: string, reason: string) {
      const why = reason.trim();
      if (!why) {
        throw new AppError('VALIDATION_FAILED', { message: adjustmentMessages.reasonRequired });
      }
      await db.transaction(async (tx) => {
        const delivery = await repo.lock(tx, id);
        if (!delivery) throw new AppError('NOT_FOUND');
        if (delivery.status !== 'open') throw new AppError('REFUNDED_DELIVERY_NOT_OPEN');
        const input = {
          userId: delivery.userId,
          direction: 'debit' as const,
          amountKobo: delivery.amountKobo,
          reason: why,
          refundedDeliveryId: delivery.id,
        };
        requests.validate(actor, input);
        const now = clock.now();
        const request = await requests.fileIn(tx, actor, input, now);
        await repo.resolve(tx, id, { status: 'recovery_requested', from: ['open'] });
        await auditRepository.record(
          tx,
          actor,
          {
            action: 'order.recover',
            entity: 'transaction',
            entityId: delivery.transactionId,
            before: { status: 'open' },
            after: {
              status: 'recovery_requested',
              amountKobo: delivery.amountKobo,
              requestId: request.id,
            },
            reason: why,
          },
          now,
        );
      });
      const reply: RefundedDeliveryReply = {
        success: true,
        message: adjustmentMessages.recoveryRequested,
        data: await listed(id),
      };
      return reply;
    },

    /** The customer keeps the money: recorded with the admin's reason in the audit log. */
    async writeOff(actor: Actor & { id: string }, id: string, reason: string) {
      const why = reason.trim();
      if (!why) {
        throw new AppError('VALIDATION_FAILED', { message: adjustmentMessages.reasonRequired });
      }
      await db.transaction(async (tx) => {
        const delivery = await repo.lock(tx, id);
        if (!delivery) throw new AppError('NOT_FOUND');
        if (delivery.status !== 'open') throw new AppError('REFUNDED_DELIVERY_NOT_OPEN');
        if (delivery.userId === actor.id) throw new AppError('ADJUSTMENT_OWN_WALLET');
        const now = clock.now();
        await repo.resolve(tx, id, {
          status: 'written_off',
          from: ['open'],
          by: actor,
          at: now,
          reason: why,
        });
        await auditRepository.record(
          tx,
          actor,
          {
            action: 'order.write_off',
            entity: 'transaction',
            entityId: delivery.transactionId,
            before: { status: 'open' },
            after: { status: 'written_off', amountKobo: delivery.amountKobo },
            reason: why,
          },
          now,
        );
      });
      const reply: RefundedDeliveryReply = {
        success: true,
        message: adjustmentMessages.writtenOff,
        data: await listed(id),
      };
      return reply;
    },
  };
}

export type RefundedDeliveryService = ReturnType<typeof createRefundedDeliveryService>;
