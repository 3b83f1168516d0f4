import type { ReactNode } from 'react';
import type { PlanGroup, PlanOption } from '@owo/shared/plan-groups';
import { Button } from '../../../components/Button';
import { Skeleton } from '../../../components/Skeleton';
import { WifiIcon } from '../../../components/icons';
import { ClockIcon } from '../../../components/more-icons';
import { formatPrice } from '../../../lib/money';

interface PlanPickerProps {
  groups: PlanGroup[];
  activeGroup: string | null;
  onGroup: (name: string) => void;
  selectedKey: string;
  onSelect: (plan: PlanOption) => void;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** No network chosen yet. */
  waiting: boolean;
  error?: string | null;
}

/** Plan groups as chips (spec §9 names) and the active group's plans as cards. */
export function PlanPicker({
  groups,
  activeGroup,
  onGroup,
  selectedKey,
  onSelect,
  loading,
  failed,
  onRetry,
  waiting,
  error,
}: PlanPickerProps) {
  const group = groups.find((g) => g.name === activeGroup) ?? groups[0];
  const repeated = repeatedSizes(group?.plans ?? []);

  let body;
  if (waiting) {
    body = (
      <Empty
        title="Choose a network"
        text="Enter the phone number or tap a network to see its plans."
      />
    );
  } else if (loading) {
    body = (
      <div aria-label="Loading plans" role="status">
        <div className="mb-3 flex gap-2">
          {['w-18', 'w-24', 'w-20'].map((w) => (
            <Skeleton key={w} className={`h-9 rounded-full ${w}`} />
          ))}
        </div>
        <div className="grid grid-cols-3 gap-2.5">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-26 rounded-2xl" />
          ))}
        </div>
      </div>
    );
  } else if (failed) {
    body = (
      <Empty title="Couldn't load plans" text="Check your connection and try again.">
        <Button variant="secondary" block={false} className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      </Empty>
    );
  } else if (!group) {
    body = <Empty title="No plans right now" text="Plans for this network are unavailable." />;
  } else {
    body = (
      <>
        <div
          role="group"
          aria-label="Plan types"
          className="-mx-4 mb-3 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
        >
          {groups.map((g) => {
            const active = g.name === group.name;
            return (
              <button
                key={g.name}
                type="button"
                onClick={() => onGroup(g.name)}
                aria-pressed={active}
                className={`min-h-9 shrink-0 rounded-full px-4 text-xs font-semibold tracking-wide whitespace-nowrap transition-colors ${
                  active
                    ? 'bg-brand-600 text-white'
                    : 'bg-surface text-muted hover:bg-brand-50 hover:text-brand-800'
                }`}
              >
                {g.name}
              </button>
            );
          })}
        </div>
        {repeated.size > 0 ? (
          <p className="mb-2.5 flex items-center gap-1.5 text-xs text-muted">
            <ClockIcon size={14} className="shrink-0" />
            Same size, different validity: check the days before you pick.
          </p>
        ) : null}
        <ul aria-label={`${group.name} plans`} className="grid grid-cols-3 gap-2.5">
          {group.plans.map((plan) => (
            <li key={plan.key}>
              <PlanCard
                plan={plan}
                sameSize={repeated.has(plan.size)}
                selected={plan.key === selectedKey}
                onSelect={() => onSelect(plan)}
              />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <div>
      {body}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Sizes offered more than once in a group (same GB, other validity or price). */
function repeatedSizes(plans: readonly PlanOption[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const plan of plans) {
    if (seen.has(plan.size)) repeated.add(plan.size);
    seen.add(plan.size);
  }
  return repeated;
}

/** "1GB · 30 days": the size with its validity, as the card and the Summary read it. */
export function planTitle(plan: PlanOption): string {
  return [plan.size, plan.validity].filter(Boolean).join(' · ');
}

function PlanCard({
  plan,
  sameSize,
  selected,
  onSelect,
}: {
  plan: PlanOption;
  /** Another card of the group has this size: the validity must stand out. */
  sameSize: boolean;
  selected: boolean;
  onSelect: () => void;
}) {
  const longSize = plan.size.length > 8;
  const validity = plan.validity || (sameSize ? 'Validity not stated' : '');
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      className={`flex h-full min-h-26 w-full flex-col items-center justify-center rounded-2xl border px-1.5 py-3 text-center transition-all active:scale-[0.97] ${
        selected
          ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-600'
          : 'border-line bg-white hover:border-brand-300'
      }`}
    >
      <span
        className={`font-bold text-ink amount ${longSize ? 'line-clamp-2 text-xs' : 'text-lg leading-6'}`}
      >
        {plan.size}
      </span>
      {/* Named by what it shows, "1GB 30 days ₦651" (WCAG 2.5.3, label in name): spaces keep the
          parts apart. No aria-label: axe's icon-ligature guess sometimes dropped "30 days" from
          the visible text and then found the label's words out of step with it. */}{' '}
      {validity ? (
        <span
          data-testid="plan-validity"
          className={`mt-1 inline-flex max-w-full items-center gap-1 truncate rounded-full px-1.5 text-[11px] leading-5 ${
            sameSize ? 'bg-accent-100 font-semibold text-accent-600' : 'font-medium text-ink/70'
          }`}
        >
          <ClockIcon size={11} className="shrink-0" />
          {validity}
        </span>
      ) : null}{' '}
      <span className="mt-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 amount">
        {formatPrice(plan.price)}
      </span>
    </button>
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
