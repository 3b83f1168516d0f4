import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { messages } from '@owo/shared/messages';
import { otpField } from '@owo/shared/schemas/fields';
import { Button } from '../../../components/Button';
import { describeAuthError, messageOr } from '../../../lib/api-errors';
import { isNewAccountReply, resendOtp, verifyOtp } from '../api/auth-api';
import { clearFlow, saveFlow, useFlow } from '../api/sign-in-flow';
import { AuthScreen } from '../components/AuthScreen';
import { OtpField } from '../components/OtpField';
import { ResendOtpButton } from '../components/ResendOtpButton';
import { useFinishSignIn } from '../components/use-finish-sign-in';

/** Enter the e-mailed code: existing accounts go home, new e-mails complete registration. */
export function OtpPage() {
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const { email } = useFlow();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
      clearFlow();
      finishSignIn(reply);
    } catch (err) {
      toast.error(describeAuthError(err));
    } finally {
      setBusy(false);
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
      <OtpField value={otp} onValueChange={setOtp} error={error} standalone />
      <p className="text-sm text-muted">
        Didn&apos;t get it? Check your spam folder or{' '}
        <ResendOtpButton
          email={email}
          send={resendOtp}
          failureMessage={(err) => messageOr(err, messages.otpSendFailed)}
        />
      </p>
    </AuthScreen>
  );
}
