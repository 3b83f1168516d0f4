import { useState } from 'react';
import { BENEFICIARY_LABEL_MAX, beneficiaryLabelField } from '@owo/shared/schemas/beneficiaries';
import type { BeneficiaryKind } from '@owo/shared/schemas/beneficiaries';
import { isApiError } from '../../lib/api';
import { useBeneficiaryActions } from '../../lib/beneficiaries';
import { toast } from '../../lib/toast';
import { BottomSheet } from '../BottomSheet';
import { Button } from '../Button';
import { TextField } from '../TextField';
import type { CurrentNumber } from './BeneficiaryPicker';

interface SaveBeneficiarySheetProps {
  open: boolean;
  onClose: () => void;
  kind: BeneficiaryKind;
  current: CurrentNumber;
}

/** Names the number in the form and saves it (no <form>: the sheet sits inside the screen's). */
export function SaveBeneficiarySheet({ open, onClose, kind, current }: SaveBeneficiarySheetProps) {
  const { save } = useBeneficiaryActions(kind);
  // Mounted on opening, so each opening starts from the suggested name.
  const [label, setLabel] = useState(current.suggestedName?.slice(0, BENEFICIARY_LABEL_MAX) ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const parsed = beneficiaryLabelField.safeParse(label);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    const { suggestedName: _name, ...number } = current;
    save.mutate(
      { kind, label: parsed.data, ...number },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          onClose();
        },
        onError: (e) =>
          setError(
            isApiError(e) && e.serverMessage ? e.serverMessage : 'Could not save. Try again.',
          ),
      },
    );
  };

  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title="Save beneficiary"
      description={[current.providerName, current.number].filter(Boolean).join(' · ')}
    >
      <div className="grid gap-4">
        <TextField
          label="Name"
          placeholder="e.g. Mum, Shop meter"
          autoComplete="off"
          maxLength={BENEFICIARY_LABEL_MAX + 10}
          value={label}
          onChange={(e) => {
            setLabel(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit();
            }
          }}
          error={error}
        />
        <Button type="button" onClick={submit} loading={save.isPending}>
          Save
        </Button>
      </div>
    </BottomSheet>
  );
}
