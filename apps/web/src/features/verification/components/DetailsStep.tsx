import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { GENDERS, type Gender } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { toLocalPhone } from '@owo/shared/phone';
import { kycDetailsSchema } from '@owo/shared/schemas/user';
import { Button } from '../../../components/Button';
import { NameAndPhoneFields } from '../../../components/NameAndPhoneFields';
import { TextField } from '../../../components/TextField';
import { messageOr } from '../../../lib/api-errors';
import { toFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import { updateDetails, type DetailsPatch } from '../api/kyc-api';
import { KycScreen } from './KycScreen';
import { RadioCards } from './RadioCards';

type Field = 'firstName' | 'lastName' | 'phoneNumber' | 'gender' | 'birthDate';

const genderOptions = GENDERS.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

/** Today in the customer's calendar, for the date picker's upper bound. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * "Update your details" (spec §2 Sign-in, KYC): prefilled from the profile, checked with the
 * shared KYC rules (phone normalised to +234), saved with only the filled fields, then on to
 * /verification/initiate. A customer whose details are already complete just continues.
 */
export function DetailsStep() {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const [form, setForm] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    gender: user.gender as Gender | '',
    birthDate: user.birthDate,
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  const set = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = kycDetailsSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(toFieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    const patch = changedFields(parsed.data, user);
    if (Object.keys(patch).length === 0) {
      navigate('/verification/initiate');
      return;
    }
    setBusy(true);
    try {
      const reply = await updateDetails(patch);
      if (reply.data?._id) setUser(reply.data);
      navigate('/verification/initiate');
    } catch (error) {
      toast.error(messageOr(error, messages.kycAuthFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <KycScreen
      step={1}
      title="Update your details"
      subtitle="Get a permanent bank account for your wallet. Your details must match your NIN or BVN."
      backTo="/home"
      onSubmit={(e) => void submit(e)}
      actions={
        <Button type="submit" loading={busy}>
          Continue
        </Button>
      }
    >
      <NameAndPhoneFields values={form} errors={errors} onChange={set} />
      <RadioCards
        label="Gender"
        options={genderOptions}
        value={form.gender}
        onChange={(gender) => {
          setForm((f) => ({ ...f, gender }));
          setErrors((e) => ({ ...e, gender: undefined }));
        }}
        error={errors.gender}
      />
      <TextField
        label="Date of birth"
        type="date"
        max={today()}
        autoComplete="bday"
        value={form.birthDate}
        onChange={set('birthDate')}
        error={errors.birthDate}
      />
    </KycScreen>
  );
}

/** Only what differs from the profile (the phone compared in one form), never empty values. */
function changedFields(
  next: DetailsPatch & Record<Field, string>,
  user: Record<Field, string>,
): DetailsPatch {
  const patch: DetailsPatch = {};
  for (const field of ['firstName', 'lastName', 'phoneNumber', 'gender', 'birthDate'] as const) {
    const value = next[field];
    if (!value) continue;
    const same =
      field === 'phoneNumber'
        ? toLocalPhone(value) === toLocalPhone(user.phoneNumber)
        : value === user[field];
    if (!same) patch[field] = value;
  }
  return patch;
}
