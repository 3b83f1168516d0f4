import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Element inside the field's right edge (e.g. the show/hide password toggle). */
  trailing?: ReactNode;
  /** Element inside the field's left edge (e.g. a ₦ sign). */
  leading?: ReactNode;
}

/** Labelled input with an error line tied to it through aria-describedby. */
export function TextField({
  label,
  error,
  hint,
  trailing,
  leading,
  id,
  className = '',
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <div
        className={`flex min-h-13 items-center gap-2 rounded-2xl border bg-white px-4 transition-colors focus-within:border-brand-500 focus-within:ring-4 focus-within:ring-brand-100 ${
          error ? 'border-danger' : 'border-line'
        }`}
      >
        {leading}
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="h-12 w-full min-w-0 flex-1 bg-transparent text-base text-ink placeholder:text-muted focus:outline-none focus-visible:outline-none"
          {...rest}
        />
        {trailing}
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
