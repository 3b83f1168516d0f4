import type { ReactNode } from 'react';
import { adminMessages } from '@owo/shared/admin-messages';
import { Button } from '../../../../components/Button';
import { Skeleton } from '../../../../components/Skeleton';
import { WifiIcon } from '../../../../components/icons';
import { planKey, type AdminPlan, type AdminPlanGroup } from './admin-plans';
import { PlanTile } from './PlanTile';

interface PlanGridProps {
  group: AdminPlanGroup;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  selectedId: string | null;
  onSelect: (plan: AdminPlan) => void;
}

/** The active group's tiles in three columns, with a legend and its loading / empty states. */
export function PlanGrid({ group, loading, failed, onRetry, selectedId, onSelect }: PlanGridProps) {
  if (loading) return <TilesSkeleton />;
  if (failed) {
    return (
      <Empty title={adminMessages.plansLoadFailed} text={`${group.supplier}: ${group.name}`}>
        <Button variant="secondary" block={false} className="mt-4" onClick={onRetry}>
          {adminMessages.tryAgain}
        </Button>
      </Empty>
    );
  }
  if (group.plans.length === 0) {
    return <Empty title={adminMessages.noPlans} text={adminMessages.noPlansText} />;
  }
  const available = group.plans.filter((plan) => plan.isAvailable).length;
  return (
    <div>
      <div className="mb-2.5 flex items-center justify-between gap-2 text-xs text-muted">
        <span>
          {group.supplier} · <span className="amount">{available}</span>/
          <span className="amount">{group.plans.length}</span>{' '}
          {adminMessages.available.toLowerCase()}
        </span>
        <span className="flex items-center gap-3" aria-hidden="true">
          <Legend className="border-accent-400 bg-accent-100" text={adminMessages.available} />
          <Legend className="border-dashed border-muted/50 bg-line" text="Off" />
        </span>
      </div>
      <ul aria-label={`${group.name} plans`} className="grid grid-cols-3 gap-2.5">
        {group.plans.map((plan) => (
          <li key={planKey(plan)}>
            <PlanTile
              plan={plan}
              selected={planKey(plan) === selectedId}
              onSelect={() => onSelect(plan)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Legend({ className, text }: { className: string; text: string }) {
  return (
    <span className="flex items-center gap-1">
      <span className={`size-3 rounded-[4px] border ${className}`} />
      {text}
    </span>
  );
}

export function TilesSkeleton() {
  return (
    <div role="status" aria-label="Loading plans" className="grid grid-cols-3 gap-2.5">
      {Array.from({ length: 9 }, (_, i) => (
        <Skeleton key={i} className="h-28 rounded-2xl" />
      ))}
    </div>
  );
}

function Empty({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl bg-surface px-4 py-8 text-center">
      <span className="grid size-11 place-items-center rounded-full bg-white text-brand-600">
        <WifiIcon size={20} />
      </span>
      <p className="mt-3 font-medium">{title}</p>
      <p className="mt-1 text-xs text-muted">{text}</p>
      {children}
    </div>
  );
}
