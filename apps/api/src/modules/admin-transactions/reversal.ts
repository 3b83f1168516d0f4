import type { Tx } from '../../db/client';
import type { Ledger, Transfer } from '../../ledger/ledger';
import { ledgerRepository } from '../../ledger/repository';
import { webhookDeliveriesRepository } from '../developer/webhook-deliveries-repository';
import type { PurchaseRow } from '../purchases/repository';
import { transactionsRepository, type TransactionRow } from '../transactions/repository';
import { adminTransactionsRepository as repo, type AdminListRow } from './repository';

/** What a reversal wrote: the order as it stood, and the credit row that refunded it. */
export interface ReversalDone {
  original: TransactionRow;
  order: PurchaseRow;
  credit: TransactionRow;
}

export type ReversalResult =
  | ({ kind: 'reversed' } & ReversalDone)
  | { kind: 'not-found' }
  /** Not a delivered order (still open, failed and refunded, or not a purchase at all). */
  | { kind: 'not-delivered'; row: AdminListRow }
  /** Reversed already, by an admin or by the supplier's own notice: nothing more moves. */
  | { kind: 'already-reversed'; row: AdminListRow };

/**
 * A delivered order taken back: the money returns to the wallet as a new `reversal` credit row
 * (the customer's "Refund received" notice), mirroring the order's postings, at most once. Used by
 * an admin's Reverse and by a supplier's reversal notice alike (decision 0044): both claim the
 * one `reverse` action of the order, so whichever comes first refunds and the other finds it
 * taken. `record` adds the caller's own trail (audit entry, alert) in the same transaction; the
 * ledger transfers go last, so the shared system rows stay locked only from there to the commit.
 */
export async function reverseDeliveredOrder(
  tx: Tx,
  ledger: Ledger,
  input: { transactionId: string; actorId: string | null; reason: string; at: Date },
  record: (tx: Tx, done: ReversalDone) => Promise<void>,
): Promise<ReversalResult> {
  const row = await repo.findOne(tx, input.transactionId);
  if (!row) return { kind: 'not-found' };
  const order = row.order;
  if (!order || order.state !== 'delivered') return { kind: 'not-delivered', row };
  // First the claim: a racing reverse waits here for this one and then finds it taken.
  const actionId = await repo.claimAction(tx, {
    transactionId: input.transactionId,
    action: 'reverse',
    actorId: input.actorId,
    reason: input.reason,
    createdAt: input.at,
  });
  if (!actionId) return { kind: 'already-reversed', row };

  const original = row.transaction;
  const at = input.at;
  const credit = await transactionsRepository.insert(tx, {
    userId: original.userId,
    type: 'credit',
    serviceType: 'reversal',
    amountKobo: order.sellingKobo,
    status: 'success',
    reference: `REV-${original.reference}`,
    description: `Reversal: ${original.description}`.slice(0, 500),
    metadata: { reversalOf: original.reference, processedAt: at.toISOString() },
    createdAt: at,
    updatedAt: at,
  });
  await repo.setActionResult(tx, actionId, credit.id);
  await transactionsRepository.mergeMetadata(tx, input.transactionId, {
    reversedAt: at.toISOString(),
    reversalReference: credit.reference,
  });
  const done = { original, order, credit };
  await record(tx, done);
  // An API order's reseller is told, from the queue, once this commits (decision 0089).
  if (order.apiKeyId) {
    await webhookDeliveriesRepository.queue(tx, order.transactionId, 'purchase.reversed', at);
  }
  await ledger.apply(tx, await reversalTransfers(tx, order, credit.id));
  return { kind: 'reversed', ...done };
}

/**
 * The order's postings, mirrored to the wallet: the cost back out of the supplier float shard it
 * went to, the margin out of the revenue shard. When the order was sold below cost, revenue
 * carried the loss: the float returns the selling price to the wallet and the loss to revenue.
 * The wallet always gets exactly what the customer paid.
 */
async function reversalTransfers(
  tx: Tx,
  order: PurchaseRow,
  creditId: string,
): Promise<Transfer[]> {
  const wallet = await ledgerRepository.walletOf(tx, order.userId);
  if (!wallet) throw new Error(`wallet of ${order.userId} is missing`);
  const postings = await repo.postingsOf(tx, order.transactionId);
  const cost = postings.find((p) => p.code === 'purchase_cost');
  const margin = postings.find((p) => p.code === 'purchase_margin');
  const loss = postings.find((p) => p.code === 'purchase_margin_loss');
  if (!cost) throw new Error(`delivered order ${order.transactionId} has no cost posting`);
  const move = (debit: string, credit: string, amountKobo: number): Transfer => ({
    debitAccountId: debit,
    creditAccountId: credit,
    amountKobo,
    code: 'order_reversal',
    transactionId: creditId,
  });
  const float = cost.creditAccountId;
  const transfers = [move(float, wallet.id, cost.amountKobo - (loss?.amountKobo ?? 0))];
  if (margin) transfers.push(move(margin.creditAccountId, wallet.id, margin.amountKobo));
  if (loss) transfers.push(move(float, loss.debitAccountId, loss.amountKobo));
  const toWallet = transfers
    .filter((t) => t.creditAccountId === wallet.id)
    .reduce((sum, t) => sum + t.amountKobo, 0);
  if (toWallet !== order.sellingKobo) {
    throw new Error(`order ${order.transactionId}: postings do not add up to the selling price`);
  }
  return transfers;
}
