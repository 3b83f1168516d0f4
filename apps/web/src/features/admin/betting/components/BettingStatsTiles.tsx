import type { ReactNode } from 'react';
import type { BettingStatsReply } from '@owo/shared/api-types';
import { adminMessages as t } from '@owo/shared/admin-messages';
import { Skeleton } from '../../../../components/Skeleton';
import { naira } from '../../shared/format';

type Statistics = BettingStatsReply['data']['statistics'];

const count = (n: number) => n.toLocaleString('en-NG');

/**
 * The six tiles of spec 2 §2 over every betting order (the list's search and filter do not change
 * them): the money in a brand card, the counts in three white tiles below it.
 */
export function BettingStatsTiles({ statistics }: { statistics: Statistics | undefined }) {
  const s = statistics;
  return (
    <section aria-label="Betting statistics" className="grid gap-2">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 p-4 text-white shadow-card">
        <div
          aria-hidden="true"
          className="absolute -top-14 -right-10 size-36 rounded-full bg-white/8"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-16 left-1/3 size-32 rounded-full bg-white/5"
        />
        <Money label={t.tileTotalAmount} testId="tile-total-amount" big value={s?.totalAmount} />
        <div className="relative mt-3 grid grid-cols-2 gap-3 border-t border-white/15 pt-3">
          <Money label={t.tileTotalSales} testId="tile-total-sales" value={s?.totalSales} />
          <Money label={t.tileTotalProfit} testId="tile-total-profit" value={s?.totalProfit} />
        </div>
      </div>
      <div className="grid grid-cols-3 gap-2">
        <CountTile
          label={t.tileTotalTransactions}
          testId="tile-total-transactions"
          value={s && count(s.totalTransactions)}
        />
        <CountTile
          label={t.tileSuccessful}
          testId="tile-successful"
          dot="bg-brand-500"
          value={s && count(s.successfulTransactions)}
        />
        <CountTile
          label={t.tileSuccessRate}
          testId="tile-success-rate"
          value={s && s.successRate.toFixed(1)}
        >
          {s ? <RateBar percent={s.successRate} /> : null}
        </CountTile>
      </div>
    </section>
  );
}

function Money({
  label,
  testId,
  value,
  big = false,
}: {
  label: string;
  testId: string;
  value: number | undefined;
  big?: boolean;
}) {
  return (
    <div data-testid={testId} className="relative min-w-0">
      <p className="text-xs text-brand-100">{label}</p>
      {value === undefined ? (
        <Skeleton className={`mt-1.5 bg-white/20 ${big ? 'h-8 w-40' : 'h-5 w-24'}`} />
      ) : (
        <p className={`mt-0.5 truncate font-bold amount ${big ? 'text-3xl' : 'text-base'}`}>
          {naira(value)}
        </p>
      )}
    </div>
  );
}

function CountTile({
  label,
  testId,
  value,
  dot,
  children,
}: {
  label: string;
  testId: string;
  /** Undefined while loading. */
  value: string | undefined;
  dot?: string;
  children?: ReactNode;
}) {
  return (
    <div data-testid={testId} className="min-w-0 rounded-2xl bg-white px-3 py-3 shadow-card">
      <p className="flex min-h-7 items-start gap-1.5 text-[11px] leading-tight font-medium text-muted">
        {dot ? (
          <span aria-hidden="true" className={`mt-1 size-1.5 shrink-0 rounded-full ${dot}`} />
        ) : null}
        {label}
      </p>
      {value === undefined ? (
        <Skeleton className="mt-1.5 h-6 w-10" />
      ) : (
        <p className="mt-1 text-lg font-bold amount">{value}</p>
      )}
      {children}
    </div>
  );
}

function RateBar({ percent }: { percent: number }) {
  return (
    <span aria-hidden="true" className="mt-1.5 block h-1 overflow-hidden rounded-full bg-brand-50">
      <span
        className="block h-full rounded-full bg-brand-500"
        style={{ width: `${Math.min(100, Math.max(0, percent))}%` }}
      />
    </span>
  );
}
