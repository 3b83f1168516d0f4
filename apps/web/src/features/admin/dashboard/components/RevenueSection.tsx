import { lazy, Suspense, type ReactNode } from 'react';
import type { AnalyticsPeriod } from '@owo/shared/constants';
import { adminMessages } from '@owo/shared/admin-messages';
import { BoltIcon, PhoneIcon, TvIcon, WifiIcon } from '../../../../components/icons';
import { WalletIcon } from '../../../../components/more-icons';
import { Skeleton } from '../../../../components/Skeleton';
import { naira } from '../../shared/format';
import { usePreviousDataSales, usePreviousDeposits, useRevenue } from '../api/analytics-api';
import { ChartIcon } from '../../shared/admin-icons';
import { bankTransferLine, revenueCards } from './dashboard-figures';
import { Figure, Panel, PanelError } from './Panel';
import { periodRange } from './period-range';

/** Says what the Total card and the chart both count, so the two visibly agree. */
const CHART_CAPTION = 'Total and chart exclude bank-transfer deposits.';

// recharts is heavy: it loads after the numbers, in its own chunk.
const RevenueChart = lazy(() => import('./RevenueChart'));

const icons: Record<string, ReactNode> = {
  electricity: <BoltIcon size={14} />,
  airtime: <PhoneIcon size={14} />,
  data: <WifiIcon size={14} />,
  deposit: <WalletIcon size={14} />,
  tv: <TvIcon size={14} />,
  'data-sales': <ChartIcon size={14} />,
};

/** The Total card, the breakdown cards and the chart of the chosen period (spec 02 §2). */
export function RevenueSection({ period }: { period: AnalyticsPeriod }) {
  const yesterday = period === 'yesterday';
  const revenue = useRevenue(period);
  const deposits = usePreviousDeposits(yesterday);
  const dataSales = usePreviousDataSales(yesterday);

  const cards = revenue.data
    ? revenueCards(period, revenue.data, { deposits: deposits.data, dataSales: dataSales.data })
    : null;
  const [total, ...breakdown] = cards ?? [];
  // Yesterday's Deposit and Data Sales cards need their own calls too.
  const breakdownFailed = revenue.isError || (yesterday && (deposits.isError || dataSales.isError));
  const retry = () => {
    if (revenue.isError) void revenue.refetch();
    if (deposits.isError) void deposits.refetch();
    if (dataSales.isError) void dataSales.refetch();
  };

  return (
    <>
      <section
        aria-label={adminMessages.revenueTitle}
        aria-busy={revenue.isFetching || undefined}
        className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 p-5 text-white shadow-card"
      >
        <div
          aria-hidden="true"
          className="absolute -top-14 -right-10 size-40 rounded-full bg-white/8"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-16 -left-6 size-32 rounded-full bg-white/5"
        />
        <div className="relative">
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-sm font-medium text-brand-100">
              {adminMessages.revenueTitle} · {adminMessages.revenueTotal}
            </h2>
            {revenue.data ? (
              <p className="text-xs text-brand-100" data-testid="period-range">
                {periodRange(revenue.data)}
              </p>
            ) : null}
          </div>
          {revenue.isError && !revenue.data ? (
            <div className="mt-3">
              <PanelError tone="dark" onRetry={retry} />
            </div>
          ) : total ? (
            <p data-testid="revenue-total" className="mt-2 text-3xl font-bold amount">
              <span className="sr-only">{total.label} </span>
              <span data-figure>{naira(total.value ?? 0)}</span>
            </p>
          ) : (
            <Skeleton className="mt-3 h-9 w-44 bg-white/20" />
          )}
        </div>
      </section>

      <Panel title="Revenue by service" busy={revenue.isFetching}>
        {breakdownFailed ? (
          <PanelError onRetry={retry} />
        ) : (
          <div className="grid grid-cols-2 gap-2">
            {breakdown.length
              ? breakdown.map((card, index) => (
                  <Figure
                    key={card.key}
                    // An odd card out takes the whole last row.
                    className={
                      breakdown.length % 2 === 1 && index === breakdown.length - 1
                        ? 'col-span-2'
                        : ''
                    }
                    testId={`revenue-${card.key}`}
                    label={card.label}
                    icon={icons[card.key]}
                    value={card.value === undefined ? undefined : naira(card.value)}
                  />
                ))
              : [0, 1, 2, 3].map((i) => (
                  <div key={i} aria-hidden="true" className="rounded-2xl bg-surface px-3 py-3">
                    <Skeleton className="h-3 w-16" />
                    <Skeleton className="mt-2.5 ml-auto h-5 w-20" />
                  </div>
                ))}
          </div>
        )}
        {revenue.data && !breakdownFailed ? (
          <NoteLine testId="revenue-bank-transfer" {...bankTransferLine(period, revenue.data)} />
        ) : null}
        {revenue.data && !breakdownFailed ? (
          <div
            data-testid="revenue-reversed"
            className="mt-2 flex items-center justify-between gap-3 rounded-2xl border border-dashed border-line px-3 py-2.5"
          >
            <div className="min-w-0">
              <p className="text-xs font-semibold text-ink">{adminMessages.revenueReversed}</p>
              <p className="text-[11px] leading-4 text-muted">
                {adminMessages.revenueReversedNote}
              </p>
            </div>
            <p data-figure className="shrink-0 text-sm font-semibold text-muted amount">
              {naira(revenue.data.reversed ?? 0)}
            </p>
          </div>
        ) : null}
      </Panel>

      <Panel
        title="Revenue over time"
        aside={<ChartIcon size={18} className="text-muted" />}
        busy={revenue.isFetching}
      >
        {revenue.isError ? (
          <PanelError onRetry={retry} />
        ) : revenue.data ? (
          <Suspense fallback={<Skeleton className="h-48 w-full rounded-2xl" />}>
            <RevenueChart series={revenue.data.series} />
          </Suspense>
        ) : (
          <Skeleton className="h-48 w-full rounded-2xl" />
        )}
        {/* The chart plots the Total card's figure, which the spec defines without bank_transfer. */}
        <p data-testid="revenue-chart-caption" className="mt-2 text-xs text-muted">
          {CHART_CAPTION}
        </p>
      </Panel>
    </>
  );
}

/** A figure kept apart from the cards, with one line saying where it is (not) counted. */
function NoteLine({
  testId,
  label,
  note,
  value,
}: {
  testId: string;
  label: string;
  note: string;
  value: number | undefined;
}) {
  return (
    <div
      data-testid={testId}
      className="mt-2 flex items-center justify-between gap-3 rounded-2xl bg-surface px-3 py-2.5"
    >
      <div className="min-w-0">
        <p className="flex items-center gap-1.5 text-xs font-semibold text-ink">
          <WalletIcon size={14} className="text-muted" />
          {label}
        </p>
        <p className="text-[11px] leading-4 text-muted">{note}</p>
      </div>
      <p data-figure className="shrink-0 text-sm font-semibold text-ink amount">
        {naira(value ?? 0)}
      </p>
    </div>
  );
}
