import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { messages } from '@owo/shared/messages';
import { requestPasswordResetSchema } from '@owo/shared/schemas/auth';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { requestPasswordReset } from '../api/auth-api';
import { saveFlow, useFlow } from '../api/sign-in-flow';
import { AuthScreen } from '../components/AuthScreen';

/** "Forgot Password ?": e-mails a reset code, then /otp/reset. */
export function RequestPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState(useFlow().email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = requestPasswordResetSchema.safeParse({ email });
    if (!parsed.success) return setError(messages.invalidEmail);
    setError(null);
    setBusy(true);
    try {
      const reply = await requestPasswordReset(parsed.data.email);
      toast.success(reply.message);
      saveFlow({ email: parsed.data.email, otp: undefined });
      navigate('/otp/reset', { state: { email: parsed.data.email } });
    } catch {
      toast.error(messages.forgotPasswordFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthScreen
      title="Forgot Password ?"
      subtitle="Enter the email on your account and we'll send you a code to reset your password."
      backTo="/login"
      onSubmit={(e) => void submit(e)}
      actions={
        <Button type="submit" loading={busy}>
          Send OTP
        </Button>
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
