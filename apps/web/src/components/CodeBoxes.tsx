import { useEffect, useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

interface CodeBoxesProps {
  /** The visible label; it names the first box (the one autofill and pasting aim at). */
  label: string;
  /** The digits typed so far, left to right, without gaps. */
  value: string;
  onChange: (code: string) => void;
  /** How many boxes: 4 for our e-mailed codes, 6 for the identity check's SMS code. */
  length?: number;
  error?: string | null;
  /** A short hint beside the label (what a single field would show as its placeholder). */
  hint?: string;
  autoFocus?: boolean;
  disabled?: boolean;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * A one-time code as one box per digit. Typing moves to the next box, Backspace on an empty box
 * goes back and clears the previous digit, and a whole code pasted (or filled in by the phone's
 * one-time-code autofill) into any box fills them all. The value is kept without gaps: a box past
 * the first empty one hands its focus to that empty one, so the digits are always in order.
 */
export function CodeBoxes({
  label,
  value,
  onChange,
  length = 4,
  error,
  hint,
  autoFocus = false,
  disabled = false,
}: CodeBoxesProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  // The code as just changed: focus moves before the screen re-renders with the new value.
  const latest = useRef(value);
  const change = (next: string) => {
    latest.current = next;
    onChange(next);
  };
  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  // A code cleared by the screen (a wrong code, a resend) starts again at the first box.
  const previous = useRef(value);
  useEffect(() => {
    if (value === '' && previous.current !== '') focusBox(0);
    previous.current = value;
    latest.current = value;
  });

  /** Digits arriving at box `index`: one is typed; several are a paste or an autofill. */
  const put = (index: number, text: string) => {
    const digits = digitsOf(text);
    if (!digits) return;
    let next: string;
    if (digits.length >= length) next = digits.slice(0, length);
    else if (digits.length > 1) next = (value.slice(0, index) + digits).slice(0, length);
    else next = (value.slice(0, index) + digits + value.slice(index + 1)).slice(0, length);
    change(next);
    focusBox(digits.length >= length ? length - 1 : Math.min(index + digits.length, length - 1));
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      change(value.slice(0, index - 1));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < value.length) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    put(index, event.clipboardData.getData('text'));
  };

  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={`${id}-0`} className="block text-sm font-medium text-ink">
          {label}
        </label>
        {hint ? (
          <span id={hintId} className="text-xs text-muted">
            {hint}
          </span>
        ) : null}
      </div>
      <div className="flex gap-2.5" data-testid="code-boxes">
        {Array.from({ length }, (_, index) => {
          const digit = value[index] ?? '';
          return (
            <input
              key={index}
              ref={(node) => {
                boxes.current[index] = node;
              }}
              id={`${id}-${index}`}
              aria-label={index === 0 ? undefined : `Digit ${index + 1} of ${length}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
              type="text"
              inputMode="numeric"
              pattern="\d*"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              autoFocus={autoFocus && index === 0}
              disabled={disabled}
              value={digit}
              onFocus={(event) => {
                // The digits stay in order: an empty box past the first empty one sends focus back.
                if (index > latest.current.length) focusBox(latest.current.length);
                else event.target.select();
              }}
              onChange={(event) => {
                const typed = event.target.value;
                if (typed === '') change(value.slice(0, index));
                // A filled box keeps its digit selected, so a new one replaces it; when the caret
                // sat after it instead, the new digit is the one that is not the old.
                else if (digit && typed.length === 2 && typed.startsWith(digit))
                  put(index, typed.slice(1));
                else put(index, typed);
              }}
              onKeyDown={(event) => onKeyDown(index, event)}
              onPaste={(event) => onPaste(index, event)}
              className={`h-14 w-full min-w-0 flex-1 rounded-2xl border bg-white text-center text-2xl font-semibold text-ink amount transition-colors focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none disabled:opacity-60 ${
                error ? 'border-danger' : digit ? 'border-brand-300' : 'border-line'
              }`}
            />
          );
        })}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
