import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from './more-icons';

// The sheet (search box and rows) loads on first use: the screen's first download stays small.
const loadSheet = () => import('./PickerSheet');
const PickerSheet = lazy(loadSheet);

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
  const chosen = options.find((o) => o.value === value);

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
        // Fetched as the finger lands, so the sheet is there when it lifts.
        onPointerDown={() => void loadSheet()}
        className={`flex min-h-13 w-full items-center gap-2 rounded-2xl border bg-white px-4 text-left transition-colors focus-visible:border-brand-500 focus-visible:ring-4 focus-visible:ring-brand-100 focus-visible:outline-none disabled:cursor-not-allowed ${
          error ? 'border-danger' : 'border-line'
        }`}
      >
        <span
          id={`${id}-value`}
          className={`min-w-0 flex-1 truncate text-base ${chosen && !disabled ? 'text-ink' : 'text-muted'}`}
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

      {open ? (
        <Suspense fallback={null}>
          <PickerSheet
            title={sheetTitle}
            label={label}
            value={value}
            options={options}
            onClose={() => setOpen(false)}
            onChange={onChange}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
