import { OTP_LENGTH } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { CodeBoxes } from '../../../components/CodeBoxes';

interface OtpFieldProps {
  value: string;
  /** Receives the typed code: digits only, at most 4. */
  onValueChange: (code: string) => void;
  error?: string | null;
  /** The code is the screen's only field: focused on arrival. */
  standalone?: boolean;
}

/** The 4-digit "OTP code" entry, one box per digit. */
export function OtpField({ value, onValueChange, error, standalone = false }: OtpFieldProps) {
  return (
    <CodeBoxes
      label="OTP code"
      length={OTP_LENGTH}
      value={value}
      onChange={onValueChange}
      error={error}
      hint={messages.otpPlaceholder}
      autoFocus={standalone}
    />
  );
}
