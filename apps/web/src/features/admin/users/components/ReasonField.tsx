import { useId } from 'react';
import { adminUserMessages as m } from '@owo/shared/admin-user-messages';
import { ADMIN_REASON_MAX } from '@owo/shared/constants';

/** The required reason every operator action carries into the audit log. */
export function ReasonField({
  value,
  onChange,
  error,
  maxLength = ADMIN_REASON_MAX,
}: {
  value: string;
  onChange: (text: string) => void;
  error: string | null;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        {m.reasonLabel}
      </label>
      <textarea
        id={id}
        value={value}
        rows={3}
        maxLength={maxLength}
        placeholder={m.reasonPlaceholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`w-full resize-none rounded-2xl border bg-white px-4 py-3 text-base text-ink placeholder:text-muted focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none ${
          error ? 'border-danger' : 'border-line'
        }`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
