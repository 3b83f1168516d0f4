import type { ChangeEvent } from 'react';
import type { FieldErrors } from '../lib/form-errors';
import { TextField } from './TextField';

type PersonField = 'firstName' | 'lastName' | 'phoneNumber';

interface NameAndPhoneFieldsProps {
  values: Record<PersonField, string>;
  errors: FieldErrors<PersonField>;
  onChange: (field: PersonField) => (event: ChangeEvent<HTMLInputElement>) => void;
}

/** "First name" and "Last name" side by side, then "Phone number" (sign-up and KYC details). */
export function NameAndPhoneFields({ values, errors, onChange }: NameAndPhoneFieldsProps) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="First name"
          autoComplete="given-name"
          autoCapitalize="words"
          value={values.firstName}
          onChange={onChange('firstName')}
          error={errors.firstName}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          autoCapitalize="words"
          value={values.lastName}
          onChange={onChange('lastName')}
          error={errors.lastName}
        />
      </div>
      <TextField
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0803 123 4567"
        value={values.phoneNumber}
        onChange={onChange('phoneNumber')}
        error={errors.phoneNumber}
      />
    </>
  );
}
