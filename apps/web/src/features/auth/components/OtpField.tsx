import { TextField, type TextFieldProps } from '../../../components/TextField';

interface OtpFieldProps extends Omit<TextFieldProps, 'label' | 'value' | 'onChange'> {
  value: string;
  /** Receives the typed code with non-digits dropped, at most 4 digits. */
  onValueChange: (code: string) => void;
  /** The code is the screen's only field: large digits, focused on arrival. */
  standalone?: boolean;
}

/** The 4-digit "OTP code" input. */
export function OtpField({ onValueChange, standalone = false, ...props }: OtpFieldProps) {
  return (
    <TextField
      label="OTP code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={4}
      placeholder="4-digits"
      onChange={(e) => onValueChange(e.target.value.replace(/\D/g, '').slice(0, 4))}
      className={
        standalone ? '[&_input]:text-lg [&_input]:tracking-[0.3em] [&_input]:amount' : undefined
      }
      autoFocus={standalone || undefined}
      {...props}
    />
  );
}
