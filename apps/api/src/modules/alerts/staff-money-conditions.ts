import { formatKobo } from '@owo/shared/money';
import type { DbOrTx } from '../../db/client';
import { adjustmentRequestsRepository } from '../adjustments/requests-repository';
import { refundedDeliveriesRepository } from '../adjustments/refunded-deliveries-repository';
import type { ActiveCondition } from './repository';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Staff credits and debits waiting for a second admin (decision 0047). Always watched: a request
 * nobody decides is money a customer was promised, or a correction not made.
 */
export async function adjustmentsWaiting(db: DbOrTx): Promise<ActiveCondition[]> {
  const { count, oldest } = await adjustmentRequestsRepository.waiting(db);
  if (count === 0) return [];
  return [
    {
      key: 'adjustments_waiting',
      kind: 'adjustments_waiting',
      subject: '',
      summary: `${plural(count, 'credit or debit', 'credits or debits')} waiting for a second admin`,
      detail: { count, oldestAt: oldest?.toISOString() ?? null },
    },
  ];
}

/**
 * Refunded orders the supplier delivered after all, not yet recovered or written off (decision
 * 0048). Always watched: the customer holds the goods and the money.
 */
export async function refundedOrdersDelivered(db: DbOrTx): Promise<ActiveCondition[]> {
  const { count, kobo } = await refundedDeliveriesRepository.unresolved(db);
  if (count === 0) return [];
  return [
    {
      key: 'refunded_order_delivered',
      kind: 'refunded_order_delivered',
      subject: '',
      summary: `${plural(count, 'refunded order was', 'refunded orders were')} delivered after all (${formatKobo(kobo)} to recover)`,
      detail: { count, amountKobo: kobo },
    },
  ];
}
