import type { ErrorReply } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import { isApiError } from './api';

/** The API's error code ('PIN_INCORRECT', 'INSUFFICIENT_FUNDS', 'PIN_LOCKED', …) when it sent one. */
export function errorCode(error: unknown): string | undefined {
  if (!isApiError(error) || typeof error.status !== 'number') return undefined;
  const code = (error.data as Partial<ErrorReply> | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether the server gave a definite answer. Without one (no connection, a timeout, an unreadable
 * reply, a gateway error, or "already being processed") the order, top-up or transfer may or may
 * not exist, so the retry must reuse the same Idempotency-Key.
 */
export function isDefiniteAnswer(error: unknown): boolean {
  if (!isApiError(error) || typeof error.status !== 'number') return false;
  const code = errorCode(error);
  if (error.serverMessage === messages.idempotencyInProgress || code?.includes('IN_PROGRESS')) {
    return false;
  }
  return error.status < 500 || code !== undefined;
}

/** Shown when a payment (purchase, betting top-up) got no definite answer. */
export const PAYMENT_RETRY_MESSAGE =
  "We couldn't confirm this payment. Check your connection and tap Confirm to try again — you won't be charged twice.";

/** Shown when a transfer got no definite answer. */
export const TRANSFER_RETRY_MESSAGE =
  "We couldn't confirm this transfer. Check your connection and tap Confirm to try again — you won't be charged twice.";
