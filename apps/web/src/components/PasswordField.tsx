import { useId, useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';
import { TextField, type TextFieldProps } from './TextField';

/** Password input with a show/hide toggle (its name says what it will do). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  const autoId = useId();
  const id = props.id ?? autoId;
  return (
    <TextField
      {...props}
      id={id}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          // Short names on purpose: "Show password" would collide with the field's own label
          // for anyone looking the field up by "Password".
          aria-label={visible ? 'Hide' : 'Show'}
          aria-controls={id}
          className="-mr-2 grid size-11 shrink-0 place-items-center rounded-xl text-muted hover:text-ink"
        >
          {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
        </button>
      }
    />
  );
}
