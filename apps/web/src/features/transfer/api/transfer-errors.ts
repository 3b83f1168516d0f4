import type { ErrorReply } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import { isApiError } from '../../../lib/api';

export const NETWORK_RETRY_MESSAGE =
  "We couldn't confirm this transfer. Check your connection and tap Confirm to try again — you won't be charged twice.";

/** The API's error code ('PIN_INCORRECT', 'INSUFFICIENT_FUNDS', …) when it sent one. */
export function errorCode(error: unknown): string | undefined {
  if (!isApiError(error) || typeof error.status !== 'number') return undefined;
  const code = (error.data as Partial<ErrorReply> | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether the server gave a definite answer. Without one (no connection, a timeout, a gateway
 * error, "already being processed") the transfer may or may not exist, so a retry must reuse the
 * same Idempotency-Key.
 */
export function isDefiniteAnswer(error: unknown): boolean {
  if (!isApiError(error) || typeof error.status !== 'number') return false;
  const code = errorCode(error);
  if (error.serverMessage === messages.idempotencyInProgress || code?.includes('IN_PROGRESS')) {
    return false;
  }
  return error.status < 500 || code !== undefined;
}
