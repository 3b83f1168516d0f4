import { useState, type FormEvent } from 'react';
import { parseNairaToKobo } from '@owo/shared/money';
import { MAX_THRESHOLD_KOBO, type SupplierBalanceDto } from '@owo/shared/suppliers';
import { BottomSheet } from '../../../../components/BottomSheet';
import { Button } from '../../../../components/Button';
import { TextField } from '../../../../components/TextField';
import { messageOr } from '../../../../lib/api-errors';
import { toast } from '../../../../lib/toast';
import { useSetThreshold } from '../api/suppliers-api';
import { suppliersTexts as t } from '../suppliers-texts';

/** Sets one supplier's low-balance threshold (naira; 0 turns the warning off). */
export function ThresholdSheet({
  balance,
  onClose,
}: {
  balance: SupplierBalanceDto;
  onClose: () => void;
}) {
  const [value, setValue] = useState(String(balance.lowBalanceThreshold));
  const [error, setError] = useState<string | null>(null);
  const save = useSetThreshold();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const kobo = parseNairaToKobo(value);
    if (kobo === null || kobo > MAX_THRESHOLD_KOBO) {
      setError(t.thresholdInvalid);
      return;
    }
    save.mutate(
      { supplier: balance.supplier, lowBalanceThreshold: value.trim() },
      {
        onSuccess: () => {
          toast.success(t.thresholdSaved);
          onClose();
        },
        onError: (failure) => toast.error(messageOr(failure, t.thresholdFailed)),
      },
    );
  };

  return (
    <BottomSheet
      open
      onClose={onClose}
      title={t.thresholdTitle(balance.name)}
      description={t.thresholdDescription}
    >
      <form onSubmit={submit} noValidate className="grid gap-4 pb-4">
        <TextField
          label={t.thresholdLabel}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          error={error}
          leading={<span className="text-muted">₦</span>}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
        <div className="grid grid-cols-2 gap-3">
          <Button variant="outline" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t.save}
          </Button>
        </div>
      </form>
    </BottomSheet>
  );
}
