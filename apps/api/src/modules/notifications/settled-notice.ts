import type { DbOrTx } from '../../db/client';
import type { PurchaseRow } from '../purchases/repository';
import { notificationsRepository } from './repository';

/**
 * Called inside the transaction that settles an order (decision 0033). `before` is the order as
 * its settler read it: when the customer had been told it is pending (the paying request marked
 * it so) or the reconciler had it in hand, its outcome becomes a notice. An order settled by its
 * own paying request needs none: that request answers the customer with the outcome.
 */
export async function recordSettledNotice(
  tx: DbOrTx,
  before: PurchaseRow,
  outcome: 'delivered' | 'failed',
  at: Date,
): Promise<void> {
  if (before.state !== 'pending' && before.attempts === 0) return;
  await notificationsRepository.insertSettledNotice(tx, {
    transactionId: before.transactionId,
    userId: before.userId,
    outcome,
    createdAt: at,
  });
}
