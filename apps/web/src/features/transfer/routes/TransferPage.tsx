import { useState, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { koboToNaira } from '@owo/shared/money';
import { emailField } from '@owo/shared/schemas/fields';
import {
  TRANSFER_NOTE_MAX,
  transferAmountField,
  transferSchema,
  verifyRecipientSchema,
} from '@owo/shared/schemas/transfers';
import { BalancePill } from '../../../components/BalancePill';
import { Button } from '../../../components/Button';
import { BeneficiaryPicker } from '../../../components/beneficiaries/BeneficiaryPicker';
import { MailIcon } from '../../../components/icons';
import { RequirePin } from '../../../components/RequirePin';
import { FormScreen } from '../../../components/ScreenLayout';
import { TextField } from '../../../components/TextField';
import { toFieldErrors } from '../../../lib/form-errors';
import { SafeBanner } from '../components/SafeBanner';
import { TransferResultDialog } from '../components/TransferResultDialog';
import { TransferSheets } from '../components/TransferSheets';
import { useTransferFlow } from '../components/use-transfer-flow';

type Field = 'email' | 'amount' | 'note';

/** The form's rules are the API's (spec §5 Transfer): e-mail, amount, optional narration. */
const transferForm = z.object({
  email: verifyRecipientSchema.shape.email,
  amount: transferAmountField,
  note: transferSchema.shape.note,
});

const emptyForm: Record<Field, string> = { email: '', amount: '', note: '' };

/** Transfer (/transfer): send money to another user by e-mail (spec §2, §4 Transfer flow). */
export function TransferPage() {
  return (
    <RequirePin returnPath="/transfer">
      <TransferForm />
    </RequirePin>
  );
}

function TransferForm() {
  const [form, setForm] = useState(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const flow = useTransferFlow({
    clearForm: () => {
      setForm(emptyForm);
      setErrors({});
    },
  });

  const update = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const recipient = emailField.safeParse(form.email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = transferForm.safeParse(form);
    if (!parsed.success) {
      setErrors(toFieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    void flow.check({
      email: parsed.data.email,
      amount: koboToNaira(parsed.data.amount),
      note: parsed.data.note,
    });
  };

  return (
    <FormScreen
      title="Transfer"
      trailing={<BalancePill testId="transfer-balance" />}
      onSubmit={submit}
      action={
        <Button type="submit" loading={flow.checking} disabled={flow.busy}>
          Continue
        </Button>
      }
    >
      <SafeBanner />
      <section className="grid gap-5 rounded-3xl bg-white p-4 shadow-card">
        <BeneficiaryPicker
          kind="recipient"
          current={recipient.success ? { number: recipient.data } : null}
          onPick={(choice) => update('email', choice.number)}
        >
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="recipient@example.com"
            value={form.email}
            onChange={(event) => update('email', event.target.value)}
            leading={<MailIcon size={18} className="shrink-0 text-muted" />}
            error={errors.email}
            hint="The email address your recipient uses on Owo."
          />
        </BeneficiaryPicker>
        <TextField
          label="Amount"
          inputMode="decimal"
          placeholder="0.00"
          value={form.amount}
          onChange={(event) => update('amount', event.target.value.replace(/[^\d.,]/g, ''))}
          leading={<span className="font-semibold text-muted">₦</span>}
          error={errors.amount}
          className="[&_input]:amount"
        />
        <TextField
          label="Narration"
          placeholder="What's it for? (optional)"
          maxLength={TRANSFER_NOTE_MAX}
          value={form.note}
          onChange={(event) => update('note', event.target.value)}
          error={errors.note}
          hint={
            <span className="block text-right amount">
              {form.note.length}/{TRANSFER_NOTE_MAX}
            </span>
          }
        />
      </section>

      <TransferSheets flow={flow} />
      <TransferResultDialog flow={flow} />
    </FormScreen>
  );
}
