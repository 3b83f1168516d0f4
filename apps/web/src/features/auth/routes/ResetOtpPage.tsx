import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { messages } from '@owo/shared/messages';
import { otpField } from '@owo/shared/schemas/fields';
import { Button } from '../../../components/Button';
import { messageOr } from '../../../lib/api-errors';
import { checkResetCode, requestPasswordReset } from '../api/auth-api';
import { saveFlow, useFlow } from '../api/sign-in-flow';
import { AuthScreen } from '../components/AuthScreen';
import { OtpField } from '../components/OtpField';
import { ResendOtpButton } from '../components/ResendOtpButton';

/**
 * Reset code entry. The server checks the code here, without using it up (decision 0059), so a
 * wrong or expired code is said now, not after the new password was typed twice.
 */
export function ResetOtpPage() {
  const navigate = useNavigate();
  const { email } = useFlow();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  if (!email) return <Navigate to="/password/request-password" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = otpField.safeParse(otp);
    if (!parsed.success) return setError(messages.invalidOtp);
    setError(null);
    setChecking(true);
    try {
      await checkResetCode(email, parsed.data);
    } catch (err) {
      setError(messageOr(err, messages.passwordResetFailed));
      return;
    } finally {
      setChecking(false);
    }
    const flow = saveFlow({ email, otp: parsed.data });
    navigate('/password/reset', { state: flow });
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
      onSubmit={(e) => void submit(e)}
      actions={
        <Button type="submit" loading={checking}>
          Next
        </Button>
      }
    >
      <OtpField value={otp} onValueChange={setOtp} error={error} standalone />
      <p className="text-sm text-muted">
        Didn&apos;t get it?{' '}
        <ResendOtpButton
          email={email}
          send={requestPasswordReset}
          failureMessage={(err) => messageOr(err, messages.forgotPasswordFailed)}
        />
      </p>
    </AuthScreen>
  );
}
