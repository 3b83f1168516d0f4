import type { ChangeEvent } from 'react';
import { PasswordField } from '../../../components/PasswordField';
import type { FieldErrors } from '../../../lib/form-errors';
import { PasswordRules } from '../../../components/PasswordRules';

type NewPasswordField = 'password' | 'confirmPassword';

interface NewPasswordFieldsProps {
  values: Record<NewPasswordField, string>;
  errors: FieldErrors<NewPasswordField>;
  onChange: (field: NewPasswordField) => (event: ChangeEvent<HTMLInputElement>) => void;
}

/** "Password" with its live rules checklist, then "Confirm password". */
export function NewPasswordFields({ values, errors, onChange }: NewPasswordFieldsProps) {
  return (
    <>
      <div className="grid gap-2">
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={values.password}
          onChange={onChange('password')}
          error={errors.password}
        />
        <PasswordRules value={values.password} />
      </div>
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={onChange('confirmPassword')}
        error={errors.confirmPassword}
      />
    </>
  );
}
