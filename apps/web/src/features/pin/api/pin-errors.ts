import { messages } from '@owo/shared/messages';
import { isApiError } from '../../../lib/api';
import { describePinRefusal } from '../../../lib/pin-standing';

/**
 * A wrong PIN (400) reads "Incorrect PIN. Please try again." with the tries left; a lock (423)
 * says until when (decision 0058); anything else the server's message or "Failed to verify PIN…".
 */
export function describePinCheckError(error: unknown): string {
  const refusal = describePinRefusal(error, messages.pinIncorrectRetry);
  if (refusal) return refusal;
  if (isApiError(error)) {
    if (error.status === 400) return messages.pinIncorrectRetry;
    if (error.serverMessage) return error.serverMessage;
  }
  return messages.pinVerifyFailedRetry;
}

/** Whether the error is a PIN refusal (wrong or locked), shown under the keypad, not as a toast. */
export function isPinRefusal(error: unknown): boolean {
  return describePinRefusal(error, messages.pinIncorrectRetry) !== undefined;
}
