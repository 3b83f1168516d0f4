/** The admin lists' status pill: one shape, a colour per kind of state. */

/** Pill colours by what the state means, so every admin list paints "done" or "failed" alike. */
export const pillTone = {
  good: 'bg-brand-50 text-brand-700 ring-brand-200',
  bad: 'bg-red-50 text-danger ring-red-200',
  waiting: 'bg-amber-50 text-amber-700 ring-amber-200',
  checking: 'bg-sky-50 text-sky-700 ring-sky-200',
  working: 'bg-violet-50 text-violet-700 ring-violet-200',
  closed: 'bg-surface text-muted ring-line',
} as const;

export interface PillLook {
  label: string;
  tone: string;
}

export function StatusPill({ label, tone }: PillLook) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      {label}
    </span>
  );
}
