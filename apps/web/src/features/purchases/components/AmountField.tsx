import { parseNairaToKobo } from '@owo/shared/money';
import { TextField } from '../../../components/TextField';

interface AmountFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  label?: string;
  placeholder?: string;
  /** Quick amounts in naira, shown as chips under the field. */
  chips?: readonly number[];
  hint?: string;
}

/** ₦ amount input (digits and one decimal point) with optional quick-amount chips. */
export function AmountField({
  value,
  onChange,
  error,
  label = 'Amount',
  placeholder = 'Enter amount',
  chips,
  hint,
}: AmountFieldProps) {
  const kobo = parseNairaToKobo(value);
  return (
    <div>
      <TextField
        label={label}
        inputMode="decimal"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/[^\d.,]/g, ''))}
        leading={<span className="font-semibold text-muted">₦</span>}
        error={error}
        hint={hint}
        className="[&_input]:amount"
      />
      {chips ? (
        <div role="group" aria-label="Quick amounts" className="mt-3 grid grid-cols-4 gap-2">
          {chips.map((chip) => {
            const selected = kobo === chip * 100;
            return (
              <button
                key={chip}
                type="button"
                onClick={() => onChange(String(chip))}
                aria-pressed={selected}
                aria-label={`₦${chip.toLocaleString('en-NG')}`}
                className={`min-h-11 rounded-xl border text-sm font-semibold amount transition-colors ${
                  selected
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-line bg-white text-ink hover:border-brand-300'
                }`}
              >
                <span aria-hidden="true" className="mr-0.5 opacity-70">
                  ₦
                </span>
                {chip.toLocaleString('en-NG')}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
