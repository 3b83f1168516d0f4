import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { messages } from '@owo/shared/messages';
import { completeSignupSchema } from '@owo/shared/schemas/auth';
import { Button } from '../../../components/Button';
import { NameAndPhoneFields } from '../../../components/NameAndPhoneFields';
import { messageOr } from '../../../lib/api-errors';
import { toFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { completeSignup } from '../api/auth-api';
import { clearFlow, useFlow } from '../api/sign-in-flow';
import { AuthScreen } from '../components/AuthScreen';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { useFinishSignIn } from '../components/use-finish-sign-in';

type Field = 'firstName' | 'lastName' | 'phoneNumber' | 'password' | 'confirmPassword';

/** Reached when the code was right but no account exists yet; signup also sets the password. */
export function CompleteRegistrationPage() {
  const finishSignIn = useFinishSignIn();
  const { email, signupTicket } = useFlow();
  const [form, setForm] = useState({
    firstName: '',
    lastName: '',
    phoneNumber: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  if (!email || !signupTicket) return <Navigate to="/account/create" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { confirmPassword, ...fields } = form;
    const parsed = completeSignupSchema.safeParse({ ...fields, email, signupTicket });
    const found: FieldErrors<Field> = parsed.success ? {} : toFieldErrors<Field>(parsed.error);
    if (!found.confirmPassword && confirmPassword !== form.password) {
      found.confirmPassword = messages.passwordsDoNotMatch;
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const reply = await completeSignup(parsed.data);
      clearFlow();
      finishSignIn(reply);
    } catch (err) {
      toast.error(messageOr(err, messages.genericError));
    } finally {
      setBusy(false);
    }
  };

  const set = (field: Field) => (e: ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  return (
    <AuthScreen
      title="Complete registration"
      subtitle={
        <>
          Almost there! Set up your account for{' '}
          <strong className="font-semibold text-ink">{email}</strong>.
        </>
      }
      backTo="/account/create"
      onSubmit={(e) => void submit(e)}
      actions={
        <Button type="submit" loading={busy}>
          Create account
        </Button>
      }
    >
      <NameAndPhoneFields values={form} errors={errors} onChange={set} />
      <NewPasswordFields values={form} errors={errors} onChange={set} />
    </AuthScreen>
  );
}
