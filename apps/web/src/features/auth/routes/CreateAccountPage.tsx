import { useNavigate } from 'react-router';
import { messages } from '@owo/shared/messages';
import { Button } from '../../../components/Button';
import { isApiError } from '../../../lib/api';
import { requestOtp } from '../api/auth-api';
import { saveFlow } from '../api/sign-in-flow';
import { AuthFooterLink } from '../components/AuthFooterLink';
import { AuthScreen } from '../components/AuthScreen';
import { EmailField } from '../components/EmailField';
import { useEmailCodeRequest } from '../components/use-send-code';

/** 4xx (e.g. asked too often) carries a message worth reading; otherwise the generic text. */
function describeSendFailure(err: unknown): string {
  const readable = isApiError(err) && typeof err.status === 'number' && err.status < 500;
  return (readable && err.serverMessage) || messages.otpSendFailed;
}

/** "Continue with email": sends a 4-digit code, then /otp. */
export function CreateAccountPage() {
  const navigate = useNavigate();
  const { email, setEmail, error, sending, submit } = useEmailCodeRequest({
    send: requestOtp,
    failureMessage: describeSendFailure,
    onSent: (sentTo) => {
      const flow = saveFlow({ email: sentTo, signupTicket: undefined });
      navigate('/otp', { state: { email: flow.email } });
    },
  });

  return (
    <AuthScreen
      title="Continue with email"
      subtitle="We'll send a 4-digit code to your email to sign you in or create your account."
      backTo="/"
      onSubmit={(e) => void submit(e)}
      actions={
        <Button type="submit" loading={sending}>
          Next
        </Button>
      }
      footer={
        <AuthFooterLink prompt="Have a password?" to="/login">
          Log in with password
        </AuthFooterLink>
      }
    >
      <EmailField
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
        autoFocus
      />
    </AuthScreen>
  );
}
