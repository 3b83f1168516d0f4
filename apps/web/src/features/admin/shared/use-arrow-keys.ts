import { useRef, type KeyboardEvent } from 'react';

/**
 * Left/Right arrows move the choice in a row of buttons (a segmented control or tab list) and
 * focus the newly chosen one, wrapping at the ends; only the chosen button is in the tab order.
 */
export function useArrowKeys<T>(values: readonly T[], onChange: (value: T) => void) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  return {
    ref: (index: number) => (el: HTMLButtonElement | null) => {
      refs.current[index] = el;
    },
    onKeyDown: (event: KeyboardEvent, index: number) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!step) return;
      event.preventDefault();
      const next = (index + step + values.length) % values.length;
      onChange(values[next]!);
      refs.current[next]?.focus();
    },
  };
}
