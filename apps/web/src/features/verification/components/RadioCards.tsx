import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface Option<T extends string> {
  value: T;
  label: string;
  description?: string;
  icon?: ReactNode;
}

interface RadioCardsProps<T extends string> {
  label: string;
  options: readonly Option<T>[];
  /** '' when nothing is chosen yet. */
  value: T | '';
  onChange: (value: T) => void;
  error?: string | null;
  /** Grid columns: 3 compact chips (gender) or 1 row per card (identity type). */
  columns?: 1 | 2 | 3;
}

/**
 * A radio group drawn as tappable cards, with its error line. Arrow keys move the choice; with
 * nothing chosen the first card takes the tab stop so the group can still be reached.
 */
export function RadioCards<T extends string>({
  label,
  options,
  value,
  onChange,
  error,
  columns = 3,
}: RadioCardsProps<T>) {
  const labelId = useId();
  const errorId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = options.findIndex((o) => o.value === value);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const forward = event.key === 'ArrowRight' || event.key === 'ArrowDown';
    const back = event.key === 'ArrowLeft' || event.key === 'ArrowUp';
    if (!forward && !back) return;
    event.preventDefault();
    const next = (index + (forward ? 1 : -1) + options.length) % options.length;
    onChange(options[next]!.value);
    refs.current[next]?.focus();
  };
  const cols = { 1: 'grid-cols-1', 2: 'grid-cols-2', 3: 'grid-cols-3' }[columns];
  return (
    <div>
      <p id={labelId} className="mb-1.5 text-sm font-medium text-ink">
        {label}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        className={`grid gap-2 ${cols}`}
      >
        {options.map((option, index) => {
          const checked = index === selected;
          return (
            <button
              key={option.value}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked || (selected < 0 && index === 0) ? 0 : -1}
              onClick={() => onChange(option.value)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={`flex min-h-13 items-center gap-3 rounded-2xl border px-4 text-left transition-colors ${
                option.description ? 'py-3' : 'justify-center py-2'
              } ${
                checked
                  ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-600/20'
                  : error
                    ? 'border-danger bg-white'
                    : 'border-line bg-white hover:border-brand-300'
              }`}
            >
              {option.icon ? (
                <span
                  className={`grid size-10 shrink-0 place-items-center rounded-full ${
                    checked ? 'bg-brand-600 text-white' : 'bg-surface text-brand-700'
                  }`}
                >
                  {option.icon}
                </span>
              ) : null}
              <span className="min-w-0 flex-1">
                <span
                  className={`block text-sm font-semibold ${checked ? 'text-brand-800' : 'text-ink'} ${
                    option.description ? '' : 'text-center'
                  }`}
                >
                  {option.label}
                </span>
                {option.description ? (
                  <span className="block text-xs text-muted">{option.description}</span>
                ) : null}
              </span>
              {option.description ? (
                <span
                  aria-hidden="true"
                  className={`grid size-5 shrink-0 place-items-center rounded-full border-2 ${
                    checked ? 'border-brand-600' : 'border-line'
                  }`}
                >
                  {checked ? <span className="size-2.5 rounded-full bg-brand-600" /> : null}
                </span>
              ) : null}
            </button>
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
