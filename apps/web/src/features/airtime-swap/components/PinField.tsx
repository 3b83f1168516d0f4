import { useId, useState } from 'react';
import { PIN_LENGTH } from '@owo/shared/constants';
import { EyeIcon, EyeOffIcon, LockIcon } from '../../../components/icons';
import { TextField } from '../../../components/TextField';
import { digitsOnly } from '../api/swap-form';

/** The 4-digit transaction PIN with show/hide (spec 02 §2). */
export function PinField({
  value,
  onChange,
  error,
  autoFocus = false,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
}) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  return (
    <TextField
      id={id}
      label="Transaction PIN"
      type={visible ? 'text' : 'password'}
      inputMode="numeric"
      autoComplete="off"
      maxLength={PIN_LENGTH}
      placeholder="••••"
      value={value}
      autoFocus={autoFocus}
      onChange={(event) => onChange(digitsOnly(event.target.value, PIN_LENGTH))}
      error={error}
      className="[&_input]:tracking-[0.4em]"
      leading={<LockIcon size={18} className="text-muted" />}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide PIN' : 'Show PIN'}
          aria-controls={id}
          className="-mr-2 grid size-11 shrink-0 place-items-center rounded-xl text-muted hover:text-ink"
        >
          {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
        </button>
      }
    />
  );
}
