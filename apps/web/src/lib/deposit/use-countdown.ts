import { useEffect, useRef, useState } from 'react';

/** Whole seconds left until `deadline` (epoch ms), never negative. */
export function secondsLeft(deadline: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** "m:ss", as the spec's "Expires in m:ss". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Seconds left, re-read from the clock every tick: a phone that slept or a throttled background
 * tab shows the true time when it wakes instead of resuming where the timer stopped. `onZero`
 * runs once, on the first tick that finds the time up (at once when it already was). A null
 * deadline counts nothing.
 */
export function useCountdown(deadline: number | null, onZero?: () => void): number {
  const [left, setLeft] = useState(() => (deadline === null ? 0 : secondsLeft(deadline)));
  const onZeroRef = useRef(onZero);
  useEffect(() => {
    onZeroRef.current = onZero;
  });
  useEffect(() => {
    // No deadline (a permanent account): nothing counts down and nothing fires.
    if (deadline === null) return;
    let fired = false;
    const tick = () => {
      const next = secondsLeft(deadline);
      setLeft(next);
      if (next === 0 && !fired) {
        fired = true;
        clearInterval(timer);
        onZeroRef.current?.();
      }
    };
    const timer = setInterval(tick, 1000);
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
  }, [deadline]);
  return left;
}
