import { SelectField } from '../../../../components/SelectField';
import { Skeleton } from '../../../../components/Skeleton';
import { adminMessages } from '@owo/shared/admin-messages';
import { planKey, type AdminPlan } from './admin-plans';
import { PlanCard } from './PlanCard';

interface TvPlanPickerProps {
  label: string;
  plans: { plan: AdminPlan; label: string }[] | undefined;
  failed: boolean;
  onRetry: () => void;
  brand: string;
  selectedKey: string;
  onSelect: (key: string) => void;
  saving: string | null;
  onAvailable: (plan: AdminPlan, next: boolean) => void;
  onEdit: (plan: AdminPlan) => void;
}

/** A bouquet dropdown and, under it, the chosen bouquet's card (availability switch and Edit). */
export function TvPlanPicker({
  label,
  plans,
  failed,
  onRetry,
  brand,
  selectedKey,
  onSelect,
  saving,
  onAvailable,
  onEdit,
}: TvPlanPickerProps) {
  if (!plans) {
    if (failed) {
      return (
        <div className="flex items-center justify-between gap-3 rounded-2xl bg-surface px-4 py-3 text-sm">
          <span className="text-muted">{adminMessages.plansLoadFailed}</span>
          <button type="button" className="min-h-11 font-semibold text-brand-700" onClick={onRetry}>
            {adminMessages.tryAgain}
          </button>
        </div>
      );
    }
    return (
      <div aria-hidden="true">
        <Skeleton className="mb-1.5 h-4 w-32" />
        <Skeleton className="h-13 rounded-2xl" />
      </div>
    );
  }
  const selected = plans.find((p) => planKey(p.plan) === selectedKey)?.plan ?? null;
  return (
    <div className="grid grid-cols-1 gap-3">
      <SelectField
        label={label}
        placeholder={plans.length ? label : adminMessages.noPlans}
        value={selected ? selectedKey : ''}
        onChange={(event) => onSelect(event.target.value)}
        disabled={plans.length === 0}
        hint={plans.length === 0 ? adminMessages.noPlansText : undefined}
      >
        {plans.map(({ plan, label: text }) => (
          <option key={planKey(plan)} value={planKey(plan)}>
            {text}
            {plan.isAvailable ? '' : ` (${adminMessages.unavailable})`}
          </option>
        ))}
      </SelectField>
      {selected ? (
        <PlanCard
          plan={selected}
          brand={brand}
          saving={saving === planKey(selected)}
          onAvailable={(next) => onAvailable(selected, next)}
          onEdit={() => onEdit(selected)}
        />
      ) : null}
    </div>
  );
}
