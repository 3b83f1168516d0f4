import { useState, type FormEvent } from 'react';
import { messages } from '@owo/shared/messages';
import { passwordProblem } from '@owo/shared/schemas/fields';
import { securityMessages } from '@owo/shared/security';
import { BottomSheet } from '../../../components/BottomSheet';
import { Button } from '../../../components/Button';
import { PasswordField } from '../../../components/PasswordField';
import { isApiError } from '../../../lib/api';
import { messageOr } from '../../../lib/api-errors';
import type { FieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { PasswordRules } from '../../../components/PasswordRules';
import { changePassword } from '../api/security-api';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const empty: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current password, then a new one under the spec's password rules, typed twice. */
function check(form: Record<Field, string>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (!form.currentPassword) errors.currentPassword = securityMessages.currentPasswordRequired;
  if (passwordProblem(form.newPassword)) errors.newPassword = messages.passwordCombined;
  else if (form.newPassword === form.currentPassword)
    errors.newPassword = securityMessages.samePassword;
  if (form.confirmPassword !== form.newPassword)
    errors.confirmPassword = messages.passwordsDoNotMatch;
  return errors;
}

export function ChangePasswordSheet({
  open,
  onClose,
  onChanged,
}: {
  open: boolean;
  onClose: () => void;
  /** The other devices were signed out: the list below must show it. */
  onChanged: () => void;
}) {
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setForm(empty);
    setErrors({});
    onClose();
  };
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const reply = await changePassword({
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
      });
      toast.success(reply.message);
      onChanged();
      close();
    } catch (error) {
      const message = messageOr(error, messages.errorOccurred);
      // A wrong current password belongs under its field; anything else is a toast.
      const code = isApiError(error) ? (error.data as { code?: string } | null)?.code : undefined;
      if (code === 'CURRENT_PASSWORD_INCORRECT') setErrors({ currentPassword: message });
      else toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <BottomSheet
      open={open}
      onClose={close}
      title="Change password"
      description="Your other devices will be signed out."
    >
      <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
        />
        <div className="grid gap-2">
          <PasswordField
            label="New password"
            autoComplete="new-password"
            value={form.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
          />
          <PasswordRules value={form.newPassword} />
        </div>
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Button type="submit" loading={busy}>
          Change password
        </Button>
      </form>
    </BottomSheet>
  );
}
