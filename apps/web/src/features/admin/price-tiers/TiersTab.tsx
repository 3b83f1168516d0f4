import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { priceTierMessages as m } from '@owo/shared/price-tier-messages';
import {
  TIER_DISCOUNT_MAX_BPS,
  TIER_PRODUCTS,
  tierBpsToPercent,
  tierPercentToBps,
  type TierDiscounts,
  type TierProduct,
} from '@owo/shared/price-tiers';
import { adminMessages } from '@owo/shared/admin-messages';
import { Button } from '../../../components/Button';
import { Skeleton } from '../../../components/Skeleton';
import { TextField } from '../../../components/TextField';
import { messageOr } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { priceTiersKey, setTierDiscounts, usePriceTiers, type PriceTier } from './price-tiers-api';

/**
 * Manage Services → Tiers (decision 0090): each price tier's discount per product, in percent
 * (basis points on the wire), and how many customers are on it. Admins only: the page sends
 * support staff back, and the server refuses them anyway.
 */
export function TiersTab() {
  const tiers = usePriceTiers();
  return (
    <div className="grid grid-cols-1 gap-4">
      <p className="rounded-2xl bg-brand-50 px-4 py-3 text-sm text-brand-800">{m.settingsHint}</p>
      {tiers.data ? (
        tiers.data.data.map((tier) => (
          <TierCard key={`${tier.code}-${tier.updatedAt}`} tier={tier} />
        ))
      ) : tiers.isError ? (
        <p role="alert" className="text-sm text-danger">
          {m.loadFailed}
        </p>
      ) : (
        <div aria-hidden="true" className="grid gap-4">
          <Skeleton className="h-64 rounded-3xl" />
          <Skeleton className="h-64 rounded-3xl" />
        </div>
      )}
    </div>
  );
}

type Texts = Record<TierProduct, string>;

function TierCard({ tier }: { tier: PriceTier }) {
  const client = useQueryClient();
  const [values, setValues] = useState<Texts>(
    () =>
      Object.fromEntries(
        TIER_PRODUCTS.map((p) => [p, String(tierBpsToPercent(tier.discountsBps[p]))]),
      ) as Texts,
  );
  const [errors, setErrors] = useState<Partial<Texts>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const bps: Partial<TierDiscounts> = {};
    const found: Partial<Texts> = {};
    for (const p of TIER_PRODUCTS) {
      const value = tierPercentToBps(values[p]);
      if (value === undefined || value > TIER_DISCOUNT_MAX_BPS)
        found[p] = adminMessages.tierDiscountInvalid;
      else bps[p] = value;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const reply = await setTierDiscounts(tier.code, bps as TierDiscounts);
      toast.success(reply.message);
      void client.invalidateQueries({ queryKey: priceTiersKey });
    } catch (failure) {
      toast.error(messageOr(failure, adminMessages.updateFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label={tier.name} className="rounded-3xl bg-white p-4 shadow-card">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 className="font-semibold text-ink">{tier.name}</h2>
        <span className="text-xs text-muted">{m.customers(tier.customers)}</span>
      </div>
      <p className="-mt-2 mb-3 text-xs text-muted">{m.discountsHeading}</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid grid-cols-2 gap-3">
        {TIER_PRODUCTS.map((p) => (
          <TextField
            key={p}
            label={m.discountLabel(m.productNames[p])}
            inputMode="decimal"
            autoComplete="off"
            value={values[p]}
            onChange={(event) => {
              setValues((v) => ({ ...v, [p]: event.target.value }));
              if (errors[p]) setErrors((e) => ({ ...e, [p]: undefined }));
            }}
            trailing={<span className="font-semibold text-muted">%</span>}
            error={errors[p] ?? null}
          />
        ))}
        <Button type="submit" loading={busy} className="col-span-2">
          {m.saveDiscounts}
        </Button>
      </form>
    </section>
  );
}
