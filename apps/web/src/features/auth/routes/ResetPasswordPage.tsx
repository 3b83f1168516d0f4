import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { messages } from '@owo/shared/messages';
import { resetPasswordFormSchema } from '@owo/shared/schemas/auth';
import { Button } from '../../../components/Button';
import { PasswordField } from '../../../components/PasswordField';
import { TextField } from '../../../components/TextField';
import { messageOr } from '../../../lib/api-errors';
import { toFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { resetPassword } from '../api/auth-api';
import { clearFlow, useFlow } from '../api/sign-in-flow';
import { AuthScreen } from '../components/AuthScreen';
import { PasswordRules } from '../components/PasswordRules';

type Field = 'otp' | 'password' | 'confirmPassword';

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const flow = useFlow();
  const [form, setForm] = useState({ otp: flow.otp ?? '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  if (!flow.email) return <Navigate to="/password/request-password" replace />;
  const email = flow.email;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordFormSchema.safeParse(form);
    if (!parsed.success) return setErrors(toFieldErrors<Field>(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const reply = await resetPassword({
        email,
        otp: parsed.data.otp,
        password: parsed.data.password,
      });
      toast.success(reply.message);
      clearFlow();
      navigate('/login', { replace: true });
    } catch (err) {
      toast.error(messageOr(err, messages.passwordResetFailed));
    } finally {
      setBusy(false);
    }
  };

  const set = (field: Field) => (e: ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({
      ...f,
      [field]: field === 'otp' ? e.target.value.replace(/\D/g, '').slice(0, 4) : e.target.value,
    }));

  return (
    <AuthScreen
      title="Reset password"
      subtitle="Choose a new password you haven't used before."
      backTo="/otp/reset"
      onSubmit={(e) => void submit(e)}
      actions={
        <Button type="submit" loading={busy}>
          Reset Password
        </Button>
      }
    >
      <TextField
        label="OTP code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        placeholder="4-digits"
        value={form.otp}
        onChange={set('otp')}
        error={errors.otp}
      />
      <div className="grid gap-2">
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
        />
        <PasswordRules value={form.password} />
      </div>
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
      />
    </AuthScreen>
  );
}
