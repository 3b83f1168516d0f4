import { useSendCode } from './use-send-code';

interface ResendOtpButtonProps {
  email: string;
  send: (email: string) => Promise<{ message: string }>;
  failureMessage: (error: unknown) => string;
}

/** Inline "Resend OTP" link-button; disabled while the code is on its way. */
export function ResendOtpButton({ email, ...options }: ResendOtpButtonProps) {
  const { sending, sendCode } = useSendCode(options);
  return (
    <button
      type="button"
      onClick={() => void sendCode(email)}
      disabled={sending}
      className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-4 hover:underline disabled:opacity-50"
    >
      Resend OTP
    </button>
  );
}
