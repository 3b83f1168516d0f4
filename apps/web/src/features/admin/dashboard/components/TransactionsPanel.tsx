import type { AnalyticsPeriod } from '@owo/shared/constants';
import { adminMessages } from '@owo/shared/admin-messages';
import { useSummary } from '../api/analytics-api';
import { Figure, Panel, PanelError } from './Panel';

const count = (n: number | undefined) => (n === undefined ? undefined : n.toLocaleString('en-NG'));

/** Transactions of the period: Total, Successful, Failed, Pending (spec 02 §2). */
export function TransactionsPanel({ period }: { period: AnalyticsPeriod }) {
  const summary = useSummary(period);
  const t = summary.data?.transactions;
  return (
    <Panel title={adminMessages.transactionsTitle} busy={summary.isFetching}>
      {summary.isError ? (
        <PanelError onRetry={() => void summary.refetch()} />
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <Figure
            testId="transactions-total"
            label={adminMessages.transactionsTotal}
            dot="bg-ink"
            value={count(t?.total)}
          />
          <Figure
            testId="transactions-successful"
            label={adminMessages.transactionsSuccessful}
            dot="bg-brand-500"
            value={count(t?.successful)}
          />
          <Figure
            testId="transactions-failed"
            label={adminMessages.transactionsFailed}
            dot="bg-danger"
            value={count(t?.failed)}
          />
          <Figure
            testId="transactions-pending"
            label={adminMessages.transactionsPending}
            dot="bg-accent-500"
            value={count(t?.pending)}
          />
        </div>
      )}
    </Panel>
  );
}
