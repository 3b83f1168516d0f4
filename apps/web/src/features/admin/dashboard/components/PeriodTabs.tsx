import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@owo/shared/constants';
import { adminMessages } from '@owo/shared/admin-messages';
import { useArrowKeys } from '../../shared/use-arrow-keys';

/** Yearly / Monthly / Weekly / Daily / Yesterday as a segmented control (arrow keys move). */
export function PeriodTabs({
  value,
  onChange,
}: {
  value: AnalyticsPeriod;
  onChange: (period: AnalyticsPeriod) => void;
}) {
  const keys = useArrowKeys(ANALYTICS_PERIODS, onChange);
  return (
    <div
      role="tablist"
      aria-label="Period"
      className="grid grid-cols-5 gap-0.5 rounded-2xl bg-white p-1 shadow-card"
    >
      {ANALYTICS_PERIODS.map((period, index) => {
        const selected = period === value;
        return (
          <button
            key={period}
            ref={keys.ref(index)}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(period)}
            onKeyDown={(event) => keys.onKeyDown(event, index)}
            className={`min-h-10 rounded-xl px-0.5 text-[11.5px] font-semibold tracking-tight transition-colors ${
              selected ? 'bg-brand-600 text-white shadow-sm' : 'text-muted hover:bg-surface'
            }`}
          >
            {adminMessages.periodLabels[period]}
          </button>
        );
      })}
    </div>
  );
}
