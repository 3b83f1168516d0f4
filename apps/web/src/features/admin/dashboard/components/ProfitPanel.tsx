import type { AnalyticsPeriod } from '@owo/shared/constants';
import { adminMessages } from '@owo/shared/admin-messages';
import { Skeleton } from '../../../../components/Skeleton';
import { naira } from '../../shared/format';
import { useProfits } from '../api/analytics-api';
import { profitCards } from './dashboard-figures';
import { Panel, PanelError } from './Panel';

/** Total profit, then the services that earned any (spec 02 §2). */
export function ProfitPanel({ period }: { period: AnalyticsPeriod }) {
  const profits = useProfits(period);
  const cards = profits.data ? profitCards(profits.data) : null;
  return (
    <Panel title={adminMessages.profitTitle} busy={profits.isFetching}>
      {profits.isError ? (
        <PanelError onRetry={() => void profits.refetch()} />
      ) : !cards ? (
        <div aria-hidden="true" className="space-y-3">
          <Skeleton className="h-7 w-full" />
          <Skeleton className="h-4 w-full" />
        </div>
      ) : (
        <dl className="divide-y divide-line">
          {cards.map((card, index) => (
            <div
              key={card.key}
              data-testid={`profit-${card.key}`}
              className="flex items-baseline justify-between gap-3 py-2.5 first:pt-0 last:pb-0"
            >
              <dt className={index === 0 ? 'text-sm font-semibold' : 'text-sm text-muted'}>
                {card.label}
              </dt>
              <dd
                data-figure
                className={`text-right amount ${
                  index === 0 ? 'text-xl font-bold text-brand-700' : 'text-sm font-semibold'
                }`}
              >
                {naira(card.value ?? 0)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Panel>
  );
}
