import type { ReactNode } from 'react';
import { CopyButton } from '../../../components/CopyButton';

export interface DetailRow {
  label: string;
  value: ReactNode;
  /** Copyable text (swap ID, numbers). */
  copy?: string;
  /** Long values (e-mail addresses) get a line of their own under the label. */
  stack?: boolean;
}

/** Label/value rows on a soft background, values right-aligned (sheets and summary cards). */
export function DetailRows({ rows, label }: { rows: DetailRow[]; label?: string }) {
  return (
    <dl aria-label={label} className="divide-y divide-line rounded-2xl bg-surface px-4">
      {rows.map((row) =>
        row.stack ? (
          <div key={row.label} className="py-2.5">
            <dt className="text-sm text-muted">{row.label}</dt>
            <dd className="mt-0.5 text-sm font-semibold break-all text-ink">{row.value}</dd>
          </div>
        ) : (
          <div key={row.label} className="flex min-h-12 items-center justify-between gap-4 py-2">
            <dt className="shrink-0 text-sm text-muted">{row.label}</dt>
            <dd className="flex min-w-0 items-center gap-1 text-right">
              <span className="min-w-0 text-sm font-semibold break-words text-ink amount">
                {row.value}
              </span>
              {row.copy ? (
                <CopyButton value={row.copy} label={row.label} className="-my-2 -mr-3" />
              ) : null}
            </dd>
          </div>
        ),
      )}
    </dl>
  );
}
