import type { PurchaseReply } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import { errorBody } from '../../errors';
import { toTransactionDto } from '../transactions/dto';
import type { HistoryFields } from '../transactions/dto';

export interface StoredReply {
  status: number;
  body: unknown;
}

/**
 * The reply for an order as it stands: delivered 200, still with the supplier 202 (processing),
 * failed and refunded 422 with the spec's error shape (data.message).
 */
export function replyFor(row: HistoryFields): StoredReply {
  if (row.status === 'failed') {
    return { status: 422, body: errorBody('PURCHASE_FAILED', messages.purchaseFailed) };
  }
  const pending = row.status === 'pending';
  const body: PurchaseReply = {
    success: true,
    message: pending ? messages.purchaseProcessing : messages.purchaseSuccessful,
    status: row.status,
    data: toTransactionDto(row),
  };
  return { status: pending ? 202 : 200, body };
}
