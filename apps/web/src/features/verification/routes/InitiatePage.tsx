import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { IDENTITY_NUMBER_LENGTH, type IdentityKind } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { messageOr } from '../../../lib/api-errors';
import { useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import { initiateVerification } from '../api/kyc-api';
import type { ValidateState } from '../api/kyc-state';
import { checkInitiate } from '../api/kyc-rules';
import { BvnIcon, IdCardIcon } from '../components/kyc-icons';
import { KycScreen } from '../components/KycScreen';
import { RadioCards } from '../components/RadioCards';

const identityOptions = [
  {
    value: 'NIN',
    label: 'NIN',
    description: '11-digit unique identifier',
    icon: <IdCardIcon size={20} />,
  },
  {
    value: 'BVN',
    label: 'BVN',
    description: '11-digit bank identifier',
    icon: <BvnIcon size={20} />,
  },
] as const;

/**
 * "Verify Your Account" (spec 02 §2): NIN or BVN and the number; the server asks Safe Haven to
 * send a code to the phone on record, and /verification/validate takes it from there.
 */
export function InitiatePage() {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [type, setType] = useState<IdentityKind | ''>('');
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Already verified: the update screen shows the account. No phone yet: the account opening
  // at the end needs one, so the details step comes first.
  if (user.isKYCVerified && user.accountDetails?.accountNumber)
    return <Navigate to="/verification/update" replace />;
  if (!user.phoneNumber) return <Navigate to="/verification/update" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkInitiate(type, number);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const reply = await initiateVerification(checked.value);
      const state: ValidateState = {
        identityId: reply.data.identityId,
        type: checked.value.type,
        number: checked.value.number,
        numberHint: reply.data.numberHint ?? '',
      };
      navigate('/verification/validate', { state });
    } catch (err) {
      toast.error(messageOr(err, messages.verificationFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <KycScreen
      step={2}
      title="Verify Your Account"
      subtitle="We send a code to the phone number linked to your NIN or BVN. Your number is used only to open your account."
      backTo="/home"
      onSubmit={(e) => void submit(e)}
      actions={
        <Button type="submit" loading={busy}>
          Verify Account
        </Button>
      }
    >
      <RadioCards
        label="Verification type"
        options={identityOptions}
        value={type}
        columns={1}
        onChange={(next) => {
          setType(next);
          setError(null);
        }}
      />
      <TextField
        label={type ? `${type} number` : 'Identity number'}
        inputMode="numeric"
        autoComplete="off"
        placeholder="Enter 11 digits"
        maxLength={IDENTITY_NUMBER_LENGTH}
        value={number}
        onChange={(e) => {
          setNumber(e.target.value.replace(/\D/g, '').slice(0, IDENTITY_NUMBER_LENGTH));
          setError(null);
        }}
        error={error}
        hint={`${number.length}/${IDENTITY_NUMBER_LENGTH} digits`}
        className="[&_input]:amount [&_input]:tracking-widest"
      />
    </KycScreen>
  );
}
