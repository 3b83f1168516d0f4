import { useId } from 'react';
import { Skeleton } from '../../../components/Skeleton';
import {
  BETTING_QUICK_AMOUNTS_NAIRA,
  groupNaira,
  limitsHint,
  rangePlaceholder,
  type AmountLimits,
} from '../api/betting-amount';

interface AmountPickerProps {
  /** The quick tile picked, if any. */
  quick: number | null;
  onQuick: (naira: number) => void;
  /** The free input's digits. */
  typed: string;
  onType: (raw: string) => void;
  onTypedBlur: () => void;
  limits: AmountLimits | null;
  /** A platform is selected: show its limits (or their skeleton while they load). */
  platformChosen: boolean;
  limitsLoading: boolean;
  /** The maximum warning while typing, or Pay's amount problem. */
  warning: string | null;
  error: string | null;
}

/** "Select Amount": six quick tiles and a free ₦ input bounded by the platform (spec §2, §5). */
export function AmountPicker({
  quick,
  onQuick,
  typed,
  onType,
  onTypedBlur,
  limits,
  platformChosen,
  limitsLoading,
  warning,
  error,
}: AmountPickerProps) {
  const inputId = useId();
  const noteId = `${inputId}-note`;
  const note = error ?? warning;
  return (
    <section aria-labelledby={`${inputId}-title`} className="rounded-3xl bg-white p-4 shadow-card">
      <div className="mb-3 flex min-h-5 items-center justify-between gap-2">
        <h2 id={`${inputId}-title`} className="text-sm font-semibold">
          Select Amount
        </h2>
        {platformChosen ? (
          limitsLoading ? (
            <Skeleton className="h-4 w-36" />
          ) : limits ? (
            <p data-testid="betting-limits" className="text-xs font-medium text-muted amount">
              {limitsHint(limits)}
            </p>
          ) : null
        ) : null}
      </div>
      <div role="group" aria-label="Quick amounts" className="grid grid-cols-3 gap-2">
        {BETTING_QUICK_AMOUNTS_NAIRA.map((naira) => {
          const selected = quick === naira;
          return (
            <button
              key={naira}
              type="button"
              onClick={() => onQuick(naira)}
              aria-pressed={selected}
              className={`min-h-12 rounded-2xl border text-base font-semibold amount transition-colors ${
                selected
                  ? 'border-brand-600 bg-brand-600 text-white shadow-card'
                  : 'border-line bg-white text-ink hover:border-brand-300 active:bg-brand-50'
              }`}
            >
              ₦{groupNaira(naira)}
            </button>
          );
        })}
      </div>

      <label htmlFor={inputId} className="mt-4 mb-1.5 block text-sm font-medium text-ink">
        Amount
      </label>
      <div
        className={`flex min-h-13 items-center gap-2 rounded-2xl border bg-white px-4 transition-colors focus-within:border-brand-500 focus-within:ring-4 focus-within:ring-brand-100 ${
          error ? 'border-danger' : warning ? 'border-accent-500' : 'border-line'
        }`}
      >
        <span aria-hidden="true" className="font-semibold text-muted">
          ₦
        </span>
        <input
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          placeholder={rangePlaceholder(limits)}
          value={typed}
          onChange={(event) => onType(event.target.value)}
          onBlur={onTypedBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? noteId : undefined}
          className="h-12 w-full min-w-0 flex-1 scroll-mb-40 bg-transparent text-base text-ink amount placeholder:text-muted focus:outline-none"
        />
      </div>
      {note ? (
        <p
          id={noteId}
          role="alert"
          className={`mt-1.5 text-sm ${error ? 'text-danger' : 'text-accent-600'}`}
        >
          {note}
        </p>
      ) : null}
    </section>
  );
}
