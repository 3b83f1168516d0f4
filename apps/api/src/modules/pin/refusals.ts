import { AppError } from '../../errors';

/**
 * A wrong PIN's refusal with where the customer stands (decision 0058), in the reply's `data.pin`:
 * the message stays the catalogue's (the spec's "Incorrect transaction PIN"), the screens add
 * "n tries left" and the time the lock ends.
 */
export function pinIncorrectError(attemptsLeft: number): AppError {
  return new AppError('PIN_INCORRECT', {
    details: { pin: { attemptsLeft: Math.max(0, attemptsLeft), lockedUntil: null } },
  });
}

export function pinLockedError(lockedUntil: Date): AppError {
  return new AppError('PIN_LOCKED', {
    details: { pin: { attemptsLeft: 0, lockedUntil: lockedUntil.toISOString() } },
  });
}

/** owo_check_pin's refusal fields (sql/functions) as the errors above; a missing one stays out. */
export function pinRefusalFromDatabase(
  outcome: 'pin_locked' | 'pin_incorrect',
  fields: { attemptsLeft?: unknown; lockedUntil?: unknown },
): AppError {
  if (outcome === 'pin_incorrect') {
    return typeof fields.attemptsLeft === 'number'
      ? pinIncorrectError(fields.attemptsLeft)
      : new AppError('PIN_INCORRECT');
  }
  const until = typeof fields.lockedUntil === 'string' ? new Date(fields.lockedUntil) : undefined;
  return until && !Number.isNaN(until.getTime())
    ? pinLockedError(until)
    : new AppError('PIN_LOCKED');
}
