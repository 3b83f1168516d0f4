import { useEffect, useId, useRef, type ReactNode } from 'react';
import { PIN_LENGTH } from '@owo/shared/constants';
import { BackspaceIcon } from './icons';

interface PinKeypadProps {
  /** Accessible name of the PIN (e.g. "Transaction PIN"). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Bump to replay the error shake (e.g. after a wrong PIN). */
  errorKey?: number;
  /** Optional key in the bottom-left slot (e.g. "Forgot PIN?"). */
  extraKey?: ReactNode;
  length?: number;
  /** A line under the dots (e.g. "Incorrect PIN. Please try again."); reserves its space. */
  message?: ReactNode;
}

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * On-screen keypad with masked dots. A visually hidden numeric input with the same value keeps the
 * PIN reachable for screen readers, password managers and keyboard typing.
 */
export function PinKeypad({
  label,
  value,
  onChange,
  disabled = false,
  errorKey = 0,
  extraKey,
  length = PIN_LENGTH,
  message,
}: PinKeypadProps) {
  const inputId = useId();
  const dotsRef = useRef<HTMLDivElement>(null);

  const press = (digit: string) => {
    if (!disabled && value.length < length) onChange(value + digit);
  };
  const erase = () => {
    if (!disabled) onChange(value.slice(0, -1));
  };

  // Physical keyboards: digits and Backspace work anywhere on the screen except in other fields.
  const latest = useRef({ press, erase });
  useEffect(() => {
    latest.current = { press, erase };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      if (/^\d$/.test(event.key)) latest.current.press(event.key);
      else if (event.key === 'Backspace') latest.current.erase();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (errorKey === 0) return;
    const dots = dotsRef.current;
    dots?.classList.remove('animate-shake');
    void dots?.offsetWidth; // restart the animation
    dots?.classList.add('animate-shake');
  }, [errorKey]);

  return (
    <div className="flex flex-col items-center">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <input
        id={inputId}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={length}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, length))}
        className="sr-only"
      />
      <div
        ref={dotsRef}
        aria-hidden="true"
        className={`flex gap-5 ${message === undefined ? 'mb-10' : 'mb-3'}`}
      >
        {Array.from({ length }, (_, index) => (
          <span
            key={index}
            className={`size-4 rounded-full transition-all duration-150 ${
              index < value.length
                ? 'scale-110 bg-brand-600'
                : 'bg-white ring-2 ring-brand-200 ring-inset'
            }`}
          />
        ))}
      </div>
      {message !== undefined ? (
        <div className="mb-5 flex min-h-5 items-center text-center text-sm font-medium">
          {message}
        </div>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {value.length} of {length} digits entered
      </p>
      <div className="grid w-full max-w-xs grid-cols-3 gap-x-6 gap-y-3">
        {DIGITS.map((digit) => (
          <KeyButton key={digit} onClick={() => press(digit)} disabled={disabled} label={digit}>
            {digit}
          </KeyButton>
        ))}
        <div className="grid place-items-center">{extraKey}</div>
        <KeyButton onClick={() => press('0')} disabled={disabled} label="0">
          0
        </KeyButton>
        <KeyButton onClick={erase} disabled={disabled || value.length === 0} label="Delete">
          <BackspaceIcon size={26} />
        </KeyButton>
      </div>
    </div>
  );
}

function KeyButton({
  children,
  label,
  onClick,
  disabled,
}: {
  children: ReactNode;
  label: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      className="mx-auto grid size-18 place-items-center rounded-full text-2xl font-medium text-ink transition-colors amount hover:bg-brand-50 active:bg-brand-100 disabled:opacity-40"
    >
      {children}
    </button>
  );
}
