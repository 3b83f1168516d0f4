import type { NetworkName } from '@owo/shared/networks';
import { BrandBadge } from '../../../components/BrandBadge';
import { TextField } from '../../../components/TextField';

interface PhoneNumberFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** The network read from the number's prefix, when there is one. */
  detected: NetworkName | null;
}

/** Phone input that shows the network its prefix belongs to (spec §4 auto-detection). */
export function PhoneNumberField({ value, onChange, error, detected }: PhoneNumberFieldProps) {
  return (
    <TextField
      label="Phone number"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="0803 123 4567"
      maxLength={16}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/[^\d+\s-]/g, ''))}
      error={error}
      hint={
        detected
          ? `Looks like ${detected}. Pick another network if the number was ported.`
          : undefined
      }
      className="[&_input]:amount"
      trailing={detected ? <BrandBadge name={detected} size={26} /> : null}
    />
  );
}
