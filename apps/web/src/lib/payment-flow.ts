import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { newIdempotencyKey } from './api';
import { currentUserKey } from './current-user';

/**
 * Re-fetches the balance and the transaction lists after money moved (spec §7: after each
 * purchase the current user is re-fetched).
 */
export function useWalletRefresh(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
    void queryClient.invalidateQueries({ queryKey: ['transactions'] });
  };
}

/**
 * One Idempotency-Key per attempt: the same request (same fingerprint) retried after no definite
 * answer reuses its key; `forget()` after any definite answer makes the next attempt a new one.
 */
export function useAttemptKey() {
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  return {
    keyFor(fingerprint: string): string {
      if (attempt.current?.fingerprint !== fingerprint) {
        attempt.current = { fingerprint, key: newIdempotencyKey() };
      }
      return attempt.current.key;
    },
    forget(): void {
      attempt.current = null;
    },
  };
}

/** The Transaction PIN being typed, its error line, and the shake counter of the keypad. */
export function usePinInput() {
  const [pin, setPinValue] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const [errorKey, setErrorKey] = useState(0);

  /** Typing a digit clears the error. */
  const setPin = (value: string) => {
    setPinValue(value);
    if (value) setPinError(null);
  };
  /** Forgets the digits (the error line stays). */
  const clearPin = () => setPinValue('');
  /** An empty keypad with no error. */
  const resetPin = () => {
    setPinValue('');
    setPinError(null);
  };
  /** A wrong PIN: empty the keypad, say why, shake it again. */
  const rejectPin = (message: string) => {
    setPinValue('');
    setPinError(message);
    setErrorKey((k) => k + 1);
  };

  return { pin, setPin, pinError, setPinError, errorKey, clearPin, resetPin, rejectPin };
}
