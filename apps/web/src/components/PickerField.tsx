import { useId, useState, type ReactNode } from 'react';
import { BottomSheet } from './BottomSheet';
import { CheckIcon } from './icons';
import { ChevronDownIcon, SearchIcon } from './more-icons';

export interface PickerOption {
  value: string;
  label: string;
  /** A second line (e.g. the plan's full name). */
  detail?: string;
  /** Shown at the right edge (e.g. a price). */
  aside?: ReactNode;
}

interface PickerFieldProps {
  label: string;
  /** The sheet's title ("Choose a provider"). */
  sheetTitle: string;
  value: string;
  /** What the field reads when the chosen option is shown (defaults to its label). */
  display?: string;
  options: PickerOption[];
  onChange: (value: string) => void;
  placeholder: string;
  disabled?: boolean;
  error?: string | null;
}

/**
 * A field that opens a bottom sheet with a search box and the choices as rows: easier to read
 * and search on a phone than the native select (long package names, prices aligned).
 */
export function PickerField({
  label,
  sheetTitle,
  value,
  display,
  options,
  onChange,
  placeholder,
  disabled,
  error,
}: PickerFieldProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const chosen = options.find((o) => o.value === value);
  const words = query.trim().toLowerCase();
  const shown = words
    ? options.filter((o) => `${o.label} ${o.detail ?? ''}`.toLowerCase().includes(words))
    : options;

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  return (
    <div>
      <span id={`${id}-label`} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </span>
      <button
        type="button"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-haspopup="dialog"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={disabled}
        onClick={() => setOpen(true)}
        className={`flex min-h-13 w-full items-center gap-2 rounded-2xl border bg-white px-4 text-left transition-colors focus-visible:border-brand-500 focus-visible:ring-4 focus-visible:ring-brand-100 focus-visible:outline-none disabled:cursor-not-allowed ${
          error ? 'border-danger' : 'border-line'
        }`}
      >
        <span
          id={`${id}-value`}
          className={`min-w-0 flex-1 truncate text-base ${chosen && !disabled ? 'text-ink' : 'text-muted/80'}`}
        >
          {chosen ? (display ?? chosen.label) : placeholder}
        </span>
        <ChevronDownIcon size={20} className="shrink-0 text-muted" />
      </button>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : null}

      <BottomSheet open={open} onClose={close} title={sheetTitle}>
        <div className="sticky -top-3 z-10 -mx-5 bg-white px-5 pb-3">
          <div className="flex min-h-12 items-center gap-2 rounded-2xl border border-line bg-surface px-3 focus-within:border-brand-500">
            <SearchIcon size={18} className="shrink-0 text-muted" />
            <input
              type="search"
              aria-label={`Search ${label.toLowerCase()}`}
              placeholder="Search"
              autoComplete="off"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="h-11 w-full min-w-0 bg-transparent text-base text-ink placeholder:text-muted/70 focus:outline-none"
            />
          </div>
        </div>
        {shown.length === 0 ? (
          <p className="rounded-2xl bg-surface px-4 py-6 text-center text-sm text-muted">
            Nothing matches “{query.trim()}”.
          </p>
        ) : (
          <ul role="listbox" aria-label={sheetTitle} className="grid gap-1.5">
            {shown.map((option) => {
              const selected = option.value === value;
              return (
                <li
                  key={option.value}
                  role="option"
                  aria-selected={selected}
                  tabIndex={0}
                  onClick={() => {
                    onChange(option.value);
                    close();
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      onChange(option.value);
                      close();
                    }
                  }}
                  className={`flex min-h-13 cursor-pointer items-center gap-3 rounded-2xl border px-4 py-2.5 transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 ${
                    selected
                      ? 'border-brand-600 bg-brand-50'
                      : 'border-transparent bg-surface hover:bg-brand-50'
                  }`}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-semibold text-ink">{option.label}</span>
                    {option.detail ? (
                      <span className="block truncate text-xs text-muted">{option.detail}</span>
                    ) : null}
                  </span>
                  {option.aside ? (
                    <span className="shrink-0 text-sm font-semibold text-brand-700 amount">
                      {option.aside}
                    </span>
                  ) : null}
                  {selected ? <CheckIcon size={18} className="shrink-0 text-brand-600" /> : null}
                </li>
              );
            })}
          </ul>
        )}
      </BottomSheet>
    </div>
  );
}
