import { useState, type FormEvent } from 'react';
import { adminMessages } from '@owo/shared/admin-messages';
import { BottomSheet } from '../../../../components/BottomSheet';
import { Button } from '../../../../components/Button';
import { TextField } from '../../../../components/TextField';
import { serviceName, type AdminPlan } from './admin-plans';
import { formatPrice } from '../../../../lib/money';

interface EditPriceSheetProps {
  plan: AdminPlan | null;
  saving: boolean;
  onClose: () => void;
  /** Resolves true when the server took the new price (the sheet then closes). */
  onSave: (plan: AdminPlan, sellingPrice: number) => Promise<boolean>;
}

/**
 * A whole-naira price (spec 02 §5: parsed as an integer). Digits only, with the thousands commas
 * people type; anything else is refused rather than silently cut short the way parseInt would.
 */
export function parsePrice(text: string): number | null {
  const digits = text.replace(/[\s,]/g, '');
  if (!/^\d{1,9}$/.test(digits)) return null;
  return Number(digits);
}

/** Edit opens this sheet (spec 02 §2): Service name, plan, Current Price, New Price and Save. */
export function EditPriceSheet({ plan, saving, onClose, onSave }: EditPriceSheetProps) {
  return (
    <BottomSheet open={plan !== null} onClose={onClose} title={adminMessages.editPriceTitle}>
      {plan ? (
        // Keyed by plan so the field starts empty for each plan.
        <EditPriceForm key={plan._id} plan={plan} saving={saving} onSave={onSave} />
      ) : null}
    </BottomSheet>
  );
}

function EditPriceForm({
  plan,
  saving,
  onSave,
}: {
  plan: AdminPlan;
  saving: boolean;
  onSave: EditPriceSheetProps['onSave'];
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = parsePrice(value);
    if (next === null) {
      setError(adminMessages.invalidPrice);
      return;
    }
    setError(null);
    void onSave(plan, next);
  };

  const rows: [string, string, boolean?][] = [
    [adminMessages.serviceName, serviceName(plan)],
    [adminMessages.plan, [plan.name, plan.validity].filter(Boolean).join(' · ')],
    [`Cost price (${adminMessages.costShort})`, formatPrice(plan.cost), true],
    [adminMessages.currentPrice, formatPrice(plan.sellingPrice), true],
  ];

  return (
    <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
      <dl className="divide-y divide-line rounded-2xl bg-surface px-4">
        {rows.map(([label, text, money]) => (
          <div key={label} className="flex items-center justify-between gap-4 py-3">
            <dt className="shrink-0 text-sm text-muted">{label}</dt>
            <dd className={`text-right text-sm font-semibold ${money ? 'amount' : ''}`}>{text}</dd>
          </div>
        ))}
      </dl>
      <TextField
        label={adminMessages.newPrice}
        inputMode="numeric"
        autoComplete="off"
        placeholder={adminMessages.newPricePlaceholder}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (error) setError(null);
        }}
        leading={<span className="font-semibold text-muted">₦</span>}
        error={error}
        className="[&_input]:amount"
      />
      <Button type="submit" loading={saving}>
        {adminMessages.save}
      </Button>
    </form>
  );
}
