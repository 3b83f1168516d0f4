/**
 * Transfer calls (spec §7 Transfers, User). Amounts travel in naira (the API's edge format); the
 * transfer itself carries an Idempotency-Key so a retry never sends the money twice.
 */
import type { RecipientReply, TransferReply } from '@owo/shared/api-types';
import { apiRequest } from '../../../lib/api';

/** The recipient as the Summary sheet shows them. */
export type Recipient = RecipientReply['data'];

export function verifyRecipient(email: string) {
  return apiRequest<RecipientReply>('/transfers/verify-recipient', {
    method: 'POST',
    body: { email },
  });
}

/** POST user/validate-pin: the PIN dialog's check before the transfer is sent. */
export function validatePin(transactionPin: string) {
  return apiRequest<{ success: true; message: string }>('/user/validate-pin', {
    method: 'POST',
    body: { transactionPin },
  });
}

export interface TransferBody {
  recipientIdentifier: string;
  /** Naira, up to 2 decimals. */
  amount: number;
  note: string;
}

export function sendTransfer(body: TransferBody, transactionPin: string, idempotencyKey: string) {
  return apiRequest<TransferReply>('/transfers', {
    method: 'POST',
    body: { ...body, transactionPin },
    idempotencyKey,
    timeoutMs: 60_000,
  });
}
