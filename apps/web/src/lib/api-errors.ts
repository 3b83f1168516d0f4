import { messages } from '@owo/shared/messages';
import { isApiError } from './api';

/** The server's message when it sent one, else the given fallback (the spec's pattern). */
export function messageOr(error: unknown, fallback: string): string {
  return (isApiError(error) && error.serverMessage) || fallback;
}

/**
 * Login-style errors: the server's message; "Unexpected error…" when the server could not be
 * reached or replied nonsense; "An unknown error occurred" for anything else.
 */
export function describeAuthError(error: unknown): string {
  if (isApiError(error)) {
    if (error.serverMessage) return error.serverMessage;
    if (typeof error.status !== 'number') return messages.unexpectedError;
  }
  return messages.unknownError;
}

/** Whether the call failed with this HTTP status. */
export function hasStatus(error: unknown, status: number): boolean {
  return isApiError(error) && error.status === status;
}
