import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { messages } from '@owo/shared/messages';
import { resetPasswordFormSchema } from '@owo/shared/schemas/auth';
import { Button } from '../../../components/Button';
import { messageOr } from '../../../lib/api-errors';
import { errorCode } from '../../../lib/payment-errors';
import { toFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { resetPassword } from '../api/auth-api';
import { clearFlow, useFlow } from '../api/sign-in-flow';
import { AuthScreen } from '../components/AuthScreen';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { OtpField } from '../components/OtpField';

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
      const message = messageOr(err, messages.passwordResetFailed);
      const code = errorCode(err);
      // Said beside the field it is about: an old password, or a code that stopped working.
      if (code === 'PASSWORD_REUSED') setErrors({ password: message });
      else if (code?.startsWith('OTP_')) setErrors({ otp: message });
      else toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  const set = (field: Field) => (e: ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

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
      <OtpField
        value={form.otp}
        onValueChange={(otp) => setForm((f) => ({ ...f, otp }))}
        error={errors.otp}
      />
      <NewPasswordFields values={form} errors={errors} onChange={set} />
    </AuthScreen>
  );
}
