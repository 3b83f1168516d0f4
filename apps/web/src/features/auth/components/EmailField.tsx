import { TextField, type TextFieldProps } from '../../../components/TextField';

/** The "Email address" input of the sign-in screens. */
export function EmailField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField
      label="Email address"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      placeholder="e.g. adaeze@example.com"
      {...props}
    />
  );
}
