import { useNavigate } from 'react-router';
import { messages } from '@owo/shared/messages';
import { Button } from '../../../components/Button';
import { messageOr } from '../../../lib/api-errors';
import { requestPasswordReset } from '../api/auth-api';
import { saveFlow } from '../api/sign-in-flow';
import { AuthScreen } from '../components/AuthScreen';
import { EmailField } from '../components/EmailField';
import { useEmailCodeRequest } from '../components/use-send-code';

/** "Forgot Password ?": e-mails a reset code, then /otp/reset. */
export function RequestPasswordPage() {
  const navigate = useNavigate();
  const { email, setEmail, error, sending, submit } = useEmailCodeRequest({
    send: requestPasswordReset,
    // The server's reason (a wait, the mail server) when it gave one; the spec's text otherwise.
    failureMessage: (error) => messageOr(error, messages.forgotPasswordFailed),
    onSent: (sentTo) => {
      saveFlow({ email: sentTo, otp: undefined });
      navigate('/otp/reset', { state: { email: sentTo } });
    },
  });

  return (
    <AuthScreen
      title="Forgot Password ?"
      subtitle="Enter the email on your account and we'll send you a code to reset your password."
      backTo="/login"
      onSubmit={(e) => void submit(e)}
      actions={
        <Button type="submit" loading={sending}>
          Send OTP
        </Button>
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
