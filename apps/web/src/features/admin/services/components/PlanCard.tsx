import { adminMessages } from '@owo/shared/admin-messages';
import { BrandBadge } from '../../../../components/BrandBadge';
import { Button } from '../../../../components/Button';
import { CloseIcon } from '../../../../components/icons';
import type { AdminPlan } from './admin-plans';
import { formatPrice } from '../../../../lib/money';
import { Switch } from '../../shared/Switch';

interface PlanCardProps {
  plan: AdminPlan;
  /** Badge text: the network or provider ("MTN", "DSTV"). */
  brand: string;
  saving: boolean;
  onAvailable: (next: boolean) => void;
  onEdit: () => void;
  /** Floating cards (the Data tab's) can be dismissed. */
  onClose?: () => void;
}

/**
 * The chosen plan (spec 02 §2): network, price, validity, an availability switch and Edit. The
 * Data tab floats it above the grid's bottom; the TV tabs show it under their dropdowns.
 */
export function PlanCard({ plan, brand, saving, onAvailable, onEdit, onClose }: PlanCardProps) {
  return (
    <section
      aria-label="Selected plan"
      className={
        onClose ? 'rounded-3xl bg-white p-4 shadow-sheet' : 'rounded-2xl border border-line p-3.5'
      }
    >
      <div className="flex items-start gap-3">
        <BrandBadge name={brand} size={40} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{plan.name}</p>
          <p className="mt-0.5 text-xs text-muted">
            {brand}
            {plan.validity ? ` · ${plan.validity}` : ''}
          </p>
        </div>
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label="Close plan"
            className="-mt-2 -mr-2 grid size-10 shrink-0 place-items-center rounded-full text-muted hover:bg-surface"
          >
            <CloseIcon size={18} />
          </button>
        ) : null}
      </div>

      <dl className="mt-3 grid grid-cols-2 gap-2">
        <div className="rounded-2xl bg-surface px-3 py-2">
          <dt className="text-[11px] text-muted">Cost ({adminMessages.costShort})</dt>
          <dd className="text-sm font-semibold amount">{formatPrice(plan.cost)}</dd>
        </div>
        <div className="rounded-2xl bg-brand-50 px-3 py-2">
          <dt className="text-[11px] text-brand-700">Selling ({adminMessages.sellingShort})</dt>
          <dd className="text-sm font-bold text-brand-800 amount" data-testid="plan-selling-price">
            {formatPrice(plan.sellingPrice)}
          </dd>
        </div>
      </dl>

      <div className="mt-3 flex items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Switch
            label={adminMessages.available}
            checked={plan.isAvailable}
            busy={saving}
            onChange={onAvailable}
          />
          <span
            className={`text-sm font-medium ${plan.isAvailable ? 'text-accent-600' : 'text-muted'}`}
          >
            {plan.isAvailable ? adminMessages.available : adminMessages.unavailable}
          </span>
        </div>
        <Button variant="secondary" block={false} className="min-h-11 px-6" onClick={onEdit}>
          {adminMessages.edit}
        </Button>
      </div>
    </section>
  );
}
