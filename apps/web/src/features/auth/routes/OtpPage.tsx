import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { messages } from '@owo/shared/messages';
import { otpField } from '@owo/shared/schemas/fields';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { describeAuthError, messageOr } from '../../../lib/api-errors';
import { useSession } from '../../../lib/session-store';
import { isNewAccountReply, resendOtp, verifyOtp } from '../api/auth-api';
import { clearFlow, saveFlow, useFlow } from '../api/sign-in-flow';
import { AuthScreen } from '../components/AuthScreen';

/** Enter the e-mailed code: existing accounts go home, new e-mails complete registration. */
export function OtpPage() {
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const { email } = useFlow();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);

  if (!email) return <Navigate to="/account/create" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: an empty code on this first screen shows the e-mail message.
    if (!otp.trim()) return setError(messages.invalidEmail);
    const parsed = otpField.safeParse(otp);
    if (!parsed.success) return setError(messages.invalidOtp);
    setError(null);
    setBusy(true);
    try {
      const reply = await verifyOtp(email, parsed.data);
      if (isNewAccountReply(reply)) {
        const flow = saveFlow({ email: reply.email || email, signupTicket: reply.signupTicket });
        navigate('/account/complete-registration', { state: flow });
        return;
      }
      signIn(reply.data, reply.token, reply.expires_in);
      clearFlow();
      toast.success(reply.message);
      navigate('/home', { replace: true });
    } catch (err) {
      toast.error(describeAuthError(err));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      const reply = await resendOtp(email);
      toast.success(reply.message);
    } catch (err) {
      toast.error(messageOr(err, messages.otpSendFailed));
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
          <strong className="font-semibold text-ink">{email}</strong>.
        </>
      }
      backTo="/account/create"
      onSubmit={(e) => void submit(e)}
      actions={
        <Button type="submit" loading={busy}>
          Next
        </Button>
      }
    >
      <TextField
        label="OTP code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d*"
        maxLength={4}
        placeholder="4-digits"
        value={otp}
        onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, 4))}
        error={error}
        className="[&_input]:text-lg [&_input]:tracking-[0.3em] [&_input]:amount"
        autoFocus
      />
      <p className="text-sm text-muted">
        Didn&apos;t get it? Check your spam folder or{' '}
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
