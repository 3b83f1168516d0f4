import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { ChevronDownIcon } from './more-icons';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Shown as the first, empty choice. */
  placeholder?: string;
  children: ReactNode;
}

/** Native select (the phone's own picker) styled like TextField, with its error line. */
export function SelectField({
  label,
  error,
  hint,
  placeholder,
  id,
  className = '',
  children,
  ...rest
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const describedBy = [error ? errorId : null, hint && !error ? hintId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <div
        className={`relative flex min-h-13 items-center rounded-2xl border bg-white transition-colors focus-within:border-brand-500 focus-within:ring-4 focus-within:ring-brand-100 ${
          error ? 'border-danger' : 'border-line'
        }`}
      >
        <select
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="h-12 w-full min-w-0 appearance-none truncate rounded-2xl bg-transparent pr-11 pl-4 text-base text-ink focus:outline-none focus-visible:outline-none disabled:text-muted"
          {...rest}
        >
          {placeholder !== undefined ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {children}
        </select>
        <ChevronDownIcon size={20} className="pointer-events-none absolute right-4 text-muted" />
      </div>
      {hint && !error ? (
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
