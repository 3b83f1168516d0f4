import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { messages } from '@owo/shared/messages';
import { otpField } from '@owo/shared/schemas/fields';
import { Button } from '../../../components/Button';
import { requestPasswordReset } from '../api/auth-api';
import { saveFlow, useFlow } from '../api/sign-in-flow';
import { AuthScreen } from '../components/AuthScreen';
import { OtpField } from '../components/OtpField';
import { ResendOtpButton } from '../components/ResendOtpButton';

/** Reset code entry; the code is checked by the server together with the new password. */
export function ResetOtpPage() {
  const navigate = useNavigate();
  const { email } = useFlow();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!email) return <Navigate to="/password/request-password" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = otpField.safeParse(otp);
    if (!parsed.success) return setError(messages.invalidOtp);
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
      onSubmit={submit}
      actions={<Button type="submit">Next</Button>}
    >
      <OtpField value={otp} onValueChange={setOtp} error={error} standalone />
      <p className="text-sm text-muted">
        Didn&apos;t get it?{' '}
        <ResendOtpButton
          email={email}
          send={requestPasswordReset}
          failureMessage={() => messages.forgotPasswordFailed}
        />
      </p>
    </AuthScreen>
  );
}
