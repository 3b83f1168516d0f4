import type { ErrorReply } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import { isApiError } from '../../../lib/api';

export const NETWORK_RETRY_MESSAGE =
  "We couldn't confirm this payment. Check your connection and tap Confirm to try again — you won't be charged twice.";

/** The API's error code ('PIN_INCORRECT', 'PIN_LOCKED', …) when it sent one. */
export function errorCode(error: unknown): string | undefined {
  if (!isApiError(error) || typeof error.status !== 'number') return undefined;
  const code = (error.data as Partial<ErrorReply> | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether the server gave a definite answer. Without one (no connection, a timeout, a gateway
 * error, "already being processed") the top-up may or may not exist, so the retry must reuse the
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

/** Spec §8 Betting purchase / PIN: a server message about the PIN reads as a wrong PIN. */
export function isPinProblem(serverMessage: string | undefined): boolean {
  return serverMessage !== undefined && /pin|incorrect/i.test(serverMessage);
}
