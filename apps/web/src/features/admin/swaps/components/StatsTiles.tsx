import { Skeleton } from '../../../../components/Skeleton';
import type { Counted } from '../api/admin-swaps-api';
import { naira } from './admin-format';

const countTiles: { key: Exclude<Counted, ''>; label: string; dot: string }[] = [
  { key: 'PENDING_TRANSFER', label: 'Pending', dot: 'bg-amber-400' },
  { key: 'AWAITING_VERIFICATION', label: 'Awaiting', dot: 'bg-sky-500' },
  { key: 'COMPLETED', label: 'Completed', dot: 'bg-brand-500' },
  { key: 'REJECTED', label: 'Rejected', dot: 'bg-danger' },
];

/** Total, Pending, Awaiting, Completed, Rejected and Total Profit (spec 02 §2). */
export function StatsTiles({
  counts,
  profit,
}: {
  counts: Record<Counted, number | undefined>;
  profit: number | undefined;
}) {
  return (
    <section aria-label="Swap statistics" className="grid gap-2">
      <div className="relative grid grid-cols-2 overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 p-4 text-white shadow-card">
        <div
          aria-hidden="true"
          className="absolute -top-12 -right-8 size-32 rounded-full bg-white/8"
        />
        <Stat label="Total Profit" testId="stat-total-profit" big>
          {profit === undefined ? undefined : naira(profit)}
        </Stat>
        <Stat label="Total" testId="stat-total" big>
          {counts['']?.toLocaleString('en-NG')}
        </Stat>
      </div>
      <div className="grid grid-cols-4 gap-2">
        {countTiles.map(({ key, label, dot }) => (
          <div
            key={key}
            data-testid={`stat-${label.toLowerCase()}`}
            className="rounded-2xl bg-white px-2.5 py-3 shadow-card"
          >
            <p className="flex items-center gap-1.5 text-[11px] font-medium text-muted">
              <span aria-hidden="true" className={`size-1.5 rounded-full ${dot}`} />
              {label}
            </p>
            {counts[key] === undefined ? (
              <Skeleton className="mt-1.5 h-5 w-8" />
            ) : (
              <p className="mt-1 text-lg font-bold amount">
                {counts[key]!.toLocaleString('en-NG')}
              </p>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}

function Stat({
  label,
  testId,
  children,
  big = false,
}: {
  label: string;
  testId: string;
  children: string | undefined;
  big?: boolean;
}) {
  return (
    <div data-testid={testId} className="relative">
      <p className="text-xs text-brand-100">{label}</p>
      {children === undefined ? (
        <Skeleton className="mt-1.5 h-7 w-24 bg-white/20" />
      ) : (
        <p className={`mt-0.5 font-bold amount ${big ? 'text-2xl' : 'text-lg'}`}>{children}</p>
      )}
    </div>
  );
}
