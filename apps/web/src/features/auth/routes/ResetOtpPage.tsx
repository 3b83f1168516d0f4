import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { messages } from '@owo/shared/messages';
import { otpField } from '@owo/shared/schemas/fields';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { requestPasswordReset } from '../api/auth-api';
import { saveFlow, useFlow } from '../api/sign-in-flow';
import { AuthScreen } from '../components/AuthScreen';

/** Reset code entry; the code is checked by the server together with the new password. */
export function ResetOtpPage() {
  const navigate = useNavigate();
  const { email } = useFlow();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  if (!email) return <Navigate to="/password/request-password" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = otpField.safeParse(otp);
    if (!parsed.success) return setError(messages.invalidOtp);
    const flow = saveFlow({ email, otp: parsed.data });
    navigate('/password/reset', { state: flow });
  };

  const resend = async () => {
    setResending(true);
    try {
      const reply = await requestPasswordReset(email);
      toast.success(reply.message);
    } catch {
      toast.error(messages.forgotPasswordFailed);
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthScreen
      title="Enter OTP"
      subtitle={
        <>
          Enter the 4-digit code we sent to{' '}
          <strong className="font-semibold text-ink">{email}</strong> to reset your password.
        </>
      }
      backTo="/password/request-password"
      onSubmit={submit}
      actions={<Button type="submit">Next</Button>}
    >
      <TextField
        label="OTP code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        placeholder="4-digits"
        value={otp}
        onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, 4))}
        error={error}
        className="[&_input]:text-lg [&_input]:tracking-[0.3em] [&_input]:amount"
        autoFocus
      />
      <p className="text-sm text-muted">
        Didn&apos;t get it?{' '}
        <button
          type="button"
          onClick={() => void resend()}
          disabled={resending}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-4 hover:underline disabled:opacity-50"
        >
          Resend OTP
        </button>
      </p>
    </AuthScreen>
  );
}
