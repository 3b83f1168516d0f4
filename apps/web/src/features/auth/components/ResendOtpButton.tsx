import { ResendCountdown } from '../../../components/ResendCountdown';
import { useSendCode } from './use-send-code';

interface ResendOtpButtonProps {
  email: string;
  send: (email: string) => Promise<{ message: string }>;
  failureMessage: (error: unknown) => string;
}

/** "Resend OTP" after a visible one-minute countdown; the wait starts again once a code went out. */
export function ResendOtpButton({ email, ...options }: ResendOtpButtonProps) {
  const { sendCode } = useSendCode(options);
  return (
    <ResendCountdown
      label="Resend OTP"
      onResend={async () => {
        let sent = false;
        await sendCode(email, () => {
          sent = true;
        });
        return sent;
      }}
    />
  );
}
