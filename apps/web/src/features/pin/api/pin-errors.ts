import { messages } from '@owo/shared/messages';
import { isApiError } from '../../../lib/api';

/**
 * A wrong PIN (400) reads "Incorrect PIN. Please try again."; a lock (423) shows the server's
 * lock message; anything else the server's message or "Failed to verify PIN…".
 */
export function describePinCheckError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 400) return messages.pinIncorrectRetry;
    if (error.serverMessage) return error.serverMessage;
  }
  return messages.pinVerifyFailedRetry;
}
