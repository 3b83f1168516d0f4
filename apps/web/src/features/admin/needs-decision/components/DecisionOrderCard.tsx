import type { AdminTransactionDto } from '@owo/shared/api-types';
import { adminMessages as t } from '@owo/shared/admin-messages';
import { TransactionIcon } from '../../../../components/TransactionRow';
import { transactionTitle } from '../../../../lib/transactions';
import { naira } from '../../shared/format';
import { customerName } from '../../transactions/components/action-words';
import { ageText, supplierName } from './decision-format';
import { LastAnswer } from './LastAnswer';

/**
 * One order waiting for a decision: who, how much, which supplier, how old and how often asked
 * (tapping opens the transaction sheet with Approve / Refund), why it is waiting and what to check
 * (the server's words), then the supplier's last answer.
 */
export function DecisionOrderCard({
  tx,
  now,
  onOpen,
}: {
  tx: AdminTransactionDto;
  now: number;
  onOpen: (tx: AdminTransactionDto) => void;
}) {
  const order = tx.order;
  return (
    <article className="overflow-hidden rounded-3xl bg-white shadow-card">
      <button
        type="button"
        onClick={() => onOpen(tx)}
        className="flex w-full items-center gap-3 p-4 text-left transition-colors hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
      >
        <TransactionIcon tx={tx} size={42} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-ink">
            {customerName(tx.user)}
          </span>
          <span className="block truncate text-xs text-muted">{transactionTitle(tx)}</span>
        </span>
        <span className="amount shrink-0 text-sm font-bold text-ink">{naira(tx.amount)}</span>
      </button>
      {order ? (
        <>
          <dl className="grid grid-cols-3 gap-2 px-4 pb-3 text-xs">
            <Fact label="Supplier" value={supplierName(order.supplier)} />
            <Fact label="Age" value={ageText(tx.createdAt, now)} />
            <Fact label="Attempts" value={String(order.attempts)} />
          </dl>
          {order.decision ? (
            <dl className="grid gap-2 px-4 pb-3 text-xs">
              <div>
                <dt className="font-semibold text-ink">{t.needsDecisionWhy}</dt>
                <dd className="text-muted">{order.decision.why}</dd>
              </div>
              <div>
                <dt className="font-semibold text-ink">{t.needsDecisionCheck}</dt>
                <dd className="text-muted">{order.decision.check}</dd>
              </div>
            </dl>
          ) : null}
          <LastAnswer order={order} />
        </>
      ) : null}
    </article>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-2xl bg-surface px-2.5 py-2">
      <dt className="text-[11px] text-muted">{label}</dt>
      <dd className="truncate font-semibold text-ink">{value}</dd>
    </div>
  );
}
