import { useState, type FormEvent } from 'react';
import { messages } from '@owo/shared/messages';
import { emailField } from '@owo/shared/schemas/fields';
import { toast } from '../../../lib/toast';
import { useFlow } from '../api/sign-in-flow';

interface SendCodeOptions {
  /** The call that e-mails the code. */
  send: (email: string) => Promise<{ message: string }>;
  /** The toast text when that call fails. */
  failureMessage: (error: unknown) => string;
}

/** Sends a code by e-mail and toasts the server's reply or the failure. */
export function useSendCode({ send, failureMessage }: SendCodeOptions) {
  const [sending, setSending] = useState(false);

  /** `onSent` runs only when the code went out, before `sending` turns off again. */
  const sendCode = async (email: string, onSent?: () => void) => {
    setSending(true);
    try {
      const reply = await send(email);
      toast.success(reply.message);
      onSent?.();
    } catch (err) {
      toast.error(failureMessage(err));
    } finally {
      setSending(false);
    }
  };

  return { sending, sendCode };
}

/**
 * The e-mail step of a code flow: the address (prefilled from the flow), its error, and a submit
 * that validates it and sends the code.
 */
export function useEmailCodeRequest({
  onSent,
  ...options
}: SendCodeOptions & { onSent: (email: string) => void }) {
  const [email, setEmail] = useState(useFlow().email ?? '');
  const [error, setError] = useState<string | null>(null);
  const { sending, sendCode } = useSendCode(options);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailField.safeParse(email);
    if (!parsed.success) return setError(messages.invalidEmail);
    setError(null);
    await sendCode(parsed.data, () => onSent(parsed.data));
  };

  return { email, setEmail, error, sending, submit };
}
