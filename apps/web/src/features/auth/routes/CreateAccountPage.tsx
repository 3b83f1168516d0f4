import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { messages } from '@owo/shared/messages';
import { requestOtpSchema } from '@owo/shared/schemas/auth';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { isApiError } from '../../../lib/api';
import { requestOtp } from '../api/auth-api';
import { saveFlow, useFlow } from '../api/sign-in-flow';
import { AuthScreen } from '../components/AuthScreen';

/** "Continue with email": sends a 4-digit code, then /otp. */
export function CreateAccountPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState(useFlow().email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = requestOtpSchema.safeParse({ email });
    if (!parsed.success) return setError(messages.invalidEmail);
    setError(null);
    setBusy(true);
    try {
      const reply = await requestOtp(parsed.data.email);
      toast.success(reply.message);
      const flow = saveFlow({ email: parsed.data.email, signupTicket: undefined });
      navigate('/otp', { state: { email: flow.email } });
    } catch (err) {
      // 4xx (e.g. asked too often) carries a message worth reading; otherwise the generic text.
      const readable = isApiError(err) && typeof err.status === 'number' && err.status < 500;
      toast.error((readable && err.serverMessage) || messages.otpSendFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthScreen
      title="Continue with email"
      subtitle="We'll send a 4-digit code to your email to sign you in or create your account."
      backTo="/"
      onSubmit={(e) => void submit(e)}
      actions={
        <Button type="submit" loading={busy}>
          Next
        </Button>
      }
      footer={
        <p className="text-center text-sm text-muted">
          Have a password?{' '}
          <Link
            to="/login"
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Log in with password
          </Link>
        </p>
      }
    >
      <TextField
        label="Email address"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        placeholder="e.g. adaeze@example.com"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
        autoFocus
      />
    </AuthScreen>
  );
}
