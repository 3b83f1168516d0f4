import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { loginSchema } from '@owo/shared/schemas/auth';
import { Button } from '../../../components/Button';
import { PasswordField } from '../../../components/PasswordField';
import { SignedOutNotice } from '../../../components/SignedOutNotice';
import { describeAuthError } from '../../../lib/api-errors';
import { toFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { login } from '../api/auth-api';
import { AuthFooterLink } from '../components/AuthFooterLink';
import { AuthScreen } from '../components/AuthScreen';
import { EmailField } from '../components/EmailField';
import { useFinishSignIn } from '../components/use-finish-sign-in';

type Field = 'email' | 'password';

export function LoginPage() {
  const finishSignIn = useFinishSignIn();
  const [form, setForm] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginSchema.safeParse(form);
    if (!parsed.success) return setErrors(toFieldErrors<Field>(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const reply = await login(parsed.data.email, parsed.data.password);
      finishSignIn(reply);
    } catch (err) {
      toast.error(describeAuthError(err));
    } finally {
      setBusy(false);
    }
  };

  const set = (field: Field) => (e: ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  return (
    <AuthScreen
      title="Login with your credentials"
      subtitle="Welcome back. Enter your email and password."
      backTo="/"
      onSubmit={(e) => void submit(e)}
      actions={
        <Button type="submit" loading={busy}>
          Next
        </Button>
      }
      footer={
        <AuthFooterLink prompt="New here?" to="/account/create">
          Continue with email
        </AuthFooterLink>
      }
    >
      <SignedOutNotice />
      <EmailField
        autoComplete="username"
        value={form.email}
        onChange={set('email')}
        error={errors.email}
      />
      <div>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
        />
        <div className="mt-1 flex justify-end">
          <Link
            to="/password/request-password"
            className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            forgot password?
          </Link>
        </div>
      </div>
    </AuthScreen>
  );
}
