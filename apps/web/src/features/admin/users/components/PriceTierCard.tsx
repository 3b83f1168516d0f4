import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { priceTierMessages as m } from '@owo/shared/price-tier-messages';
import { tierBpsToPercent } from '@owo/shared/price-tiers';
import { Button } from '../../../../components/Button';
import { SelectField } from '../../../../components/SelectField';
import { messageOr } from '../../../../lib/api-errors';
import { toast } from '../../../../lib/toast';
import { setCustomerTier, priceTiersKey, usePriceTiers } from '../../price-tiers/price-tiers-api';
import { adminUsersKey } from '../api/admin-users-api';

/**
 * The customer's price tier (decision 0090): support staff read it; admins choose another and
 * save (the server refuses anyone else).
 */
export function PriceTierCard({
  userId,
  current,
  canAct,
}: {
  userId: string;
  current: { code: string; name: string };
  canAct: boolean;
}) {
  const tiers = usePriceTiers();
  const [choice, setChoice] = useState(current.code);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => setCustomerTier(userId, choice),
    onSuccess: (reply) => {
      toast.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: adminUsersKey });
      void queryClient.invalidateQueries({ queryKey: priceTiersKey });
    },
    onError: (failure) => setError(messageOr(failure, 'Something went wrong')),
  });
  const shown = tiers.data?.data.find((t) => t.code === current.code);

  return (
    <section className="rounded-3xl bg-white p-4 shadow-card" aria-label={m.cardTitle}>
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="font-semibold text-ink">{m.cardTitle}</h3>
        <span
          data-testid="price-tier"
          className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800"
        >
          {current.name}
        </span>
      </div>
      {shown ? (
        <p className="mt-1 text-sm text-muted">
          {m.discountsOf(tierBpsToPercent(shown.discountsBps.data))}
        </p>
      ) : null}
      {canAct && tiers.data ? (
        <form
          className="mt-3 grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            mutation.mutate();
          }}
        >
          <SelectField
            label={m.tierLabel}
            value={choice}
            error={error}
            onChange={(event) => {
              setChoice(event.target.value);
              setError(null);
            }}
          >
            {tiers.data.data.map((t) => (
              <option key={t.code} value={t.code}>
                {t.name}
              </option>
            ))}
          </SelectField>
          <Button type="submit" loading={mutation.isPending} disabled={choice === current.code}>
            {m.save}
          </Button>
        </form>
      ) : null}
      {!canAct ? <p className="mt-2 text-xs text-muted">{m.readOnly}</p> : null}
    </section>
  );
}
