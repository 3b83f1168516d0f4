import type { AnalyticsPeriod } from '@owo/shared/constants';
import { priceTierMessages as m } from '@owo/shared/price-tier-messages';
import { Skeleton } from '../../../../components/Skeleton';
import { naira } from '../../shared/format';
import { useProfits } from '../api/analytics-api';
import { Panel, PanelError } from './Panel';

/**
 * The period's delivered orders per price tier (decision 0090): what customers paid, what the
 * suppliers charged and the margin between. Same reply as the profit panel (one request).
 */
export function TierMarginPanel({ period }: { period: AnalyticsPeriod }) {
  const profits = useProfits(period);
  const tiers = profits.data?.byTier;
  return (
    <Panel title={m.dashboardTitle} busy={profits.isFetching}>
      {profits.isError ? (
        <PanelError onRetry={() => void profits.refetch()} />
      ) : !tiers ? (
        <div aria-hidden="true" className="space-y-3">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : (
        <ul className="divide-y divide-line">
          {tiers.map((tier) => (
            <li
              key={tier.code}
              data-testid={`tier-${tier.code}`}
              className="py-3 first:pt-0 last:pb-0"
            >
              <div className="flex items-baseline justify-between gap-3">
                <span className="text-sm font-semibold text-ink">{tier.name}</span>
                <span className="text-xs text-muted">
                  {m.orders}: <span className="amount font-semibold text-ink">{tier.orders}</span>
                </span>
              </div>
              <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
                <div className="rounded-2xl bg-surface px-2.5 py-2">
                  <dt className="text-muted">{m.revenue}</dt>
                  <dd className="amount font-semibold text-ink">{naira(tier.revenue)}</dd>
                </div>
                <div className="rounded-2xl bg-surface px-2.5 py-2">
                  <dt className="text-muted">{m.cost}</dt>
                  <dd className="amount font-semibold text-ink">{naira(tier.cost)}</dd>
                </div>
                <div className="rounded-2xl bg-brand-50 px-2.5 py-2">
                  <dt className="text-brand-800">{m.margin}</dt>
                  <dd className="amount font-semibold text-brand-800">{naira(tier.margin)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
