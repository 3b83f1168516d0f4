import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminMessages } from '@owo/shared/admin-messages';
import { utilityDiscountBody } from '@owo/shared/schemas/admin';
import { Button } from '../../../../components/Button';
import { BoltIcon } from '../../../../components/icons';
import { SelectField } from '../../../../components/SelectField';
import { Skeleton } from '../../../../components/Skeleton';
import { TextField } from '../../../../components/TextField';
import { toast } from '../../../../lib/toast';
import { useUtilityProviders } from '../api/catalogue-api';
import { updateUtilityDiscount, useUtilityDiscount } from '../api/products-api';
import { ServiceSwitchCard } from './ServiceSwitchCard';

/**
 * The Utilities tab (spec 02 §2): the utility switch, the discos (provider dropdown) and the
 * electricity discount, a percentage off what every disco's customers pay.
 */
export function UtilitiesTab() {
  const providers = useUtilityProviders();
  const [discoId, setDiscoId] = useState('');
  const disco =
    providers.data?.find((d) => String(d.disco_id) === discoId) ?? providers.data?.[0] ?? null;

  return (
    <div className="grid grid-cols-1 gap-4">
      <ServiceSwitchCard
        service="utility"
        title={adminMessages.serviceSwitches.utility}
        icon={<BoltIcon size={22} />}
      />

      <section aria-label="Electricity providers" className="rounded-3xl bg-white p-4 shadow-card">
        {providers.data ? (
          <SelectField
            label={adminMessages.selectProvider}
            value={disco ? String(disco.disco_id) : ''}
            onChange={(event) => setDiscoId(event.target.value)}
          >
            {providers.data.map((d) => (
              <option key={d.disco_id} value={d.disco_id}>
                {d.name}
              </option>
            ))}
          </SelectField>
        ) : (
          <div aria-hidden="true">
            <Skeleton className="mb-1.5 h-4 w-20" />
            <Skeleton className="h-13 rounded-2xl" />
          </div>
        )}
        {disco ? (
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <div className="rounded-2xl bg-surface px-3 py-2">
              <dt className="text-[11px] text-muted">DataStation disco</dt>
              <dd className="font-semibold amount">#{disco.disco_id}</dd>
            </div>
            <div className="rounded-2xl bg-surface px-3 py-2">
              <dt className="text-[11px] text-muted">VTpass service</dt>
              <dd className="truncate font-semibold">{disco.serviceID}</dd>
            </div>
          </dl>
        ) : null}
      </section>

      <DiscountCard />
    </div>
  );
}

function DiscountCard() {
  const client = useQueryClient();
  const current = useUtilityDiscount();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = utilityDiscountBody.safeParse({ percentage: value.trim() });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? adminMessages.discountInvalid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await updateUtilityDiscount(client, Number(value.trim()));
      toast.success(adminMessages.discountUpdated);
      setValue('');
    } catch {
      toast.error(adminMessages.updateFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-label={adminMessages.updateUtilityDiscount}
      className="rounded-3xl bg-white p-4 shadow-card"
    >
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold">{adminMessages.updateUtilityDiscount}</h2>
        <div className="text-right">
          <p className="text-[11px] text-muted">{adminMessages.currentDiscount}</p>
          {current.data !== undefined ? (
            <p className="text-lg font-bold text-brand-700 amount" data-testid="current-discount">
              {current.data}%
            </p>
          ) : (
            <Skeleton className="mt-1 ml-auto h-5 w-12" />
          )}
        </div>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid grid-cols-1 gap-3">
        <TextField
          label={adminMessages.discountPercentage}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (error) setError(null);
          }}
          trailing={<span className="font-semibold text-muted">%</span>}
          error={error}
        />
        <Button type="submit" loading={busy}>
          {adminMessages.update}
        </Button>
      </form>
    </section>
  );
}
