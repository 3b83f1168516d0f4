import type { ErrorReply, PinStanding } from '@owo/shared/api-types';
import { PIN_LOCK_MS } from '@owo/shared/constants';
import { isApiError } from './api';
import { errorCode } from './payment-errors';

/** `data.pin` of a wrong-PIN reply (decision 0058), when the server sent it. */
export function pinStandingOf(error: unknown): PinStanding | undefined {
  if (!isApiError(error)) return undefined;
  const pin = (error.data as Partial<ErrorReply> | null)?.data?.pin;
  return pin && typeof pin.attemptsLeft === 'number' ? pin : undefined;
}

const lagosTime = (at: Date) =>
  at.toLocaleTimeString('en-NG', { hour: 'numeric', minute: '2-digit', timeZone: 'Africa/Lagos' });

/** "PIN use is locked until 3:05 pm." and the way out. */
export function pinLockedText(lockedUntil: Date): string {
  return `Too many wrong PINs. PIN use is locked until ${lagosTime(lockedUntil)}. Tap "Forgot PIN?" to reset it by email.`;
}

/** "2 tries left." — and at the last one, what happens next. */
export function triesLeftText(attemptsLeft: number): string {
  if (attemptsLeft === 1) {
    return `1 try left before PIN use is locked for ${PIN_LOCK_MS / 60_000} minutes.`;
  }
  return `${attemptsLeft} tries left.`;
}

/**
 * The line under the keypad for a refused PIN: the flow's own wrong-PIN words (the spec's) with the
 * tries left, or when it is locked until when; undefined for any other error.
 */
export function describePinRefusal(error: unknown, wrongPinText: string): string | undefined {
  const code = errorCode(error);
  const standing = pinStandingOf(error);
  if (code === 'PIN_INCORRECT') {
    return standing ? `${wrongPinText} ${triesLeftText(standing.attemptsLeft)}` : wrongPinText;
  }
  if (code === 'PIN_LOCKED') {
    const until = standing?.lockedUntil ? new Date(standing.lockedUntil) : undefined;
    if (until && !Number.isNaN(until.getTime())) return pinLockedText(until);
    return isApiError(error) ? error.serverMessage || undefined : undefined;
  }
  return undefined;
}
