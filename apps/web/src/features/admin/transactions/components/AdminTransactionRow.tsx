import type { AdminTransactionDto } from '@owo/shared/api-types';
import { signedAmount, TransactionIcon } from '../../../../components/TransactionRow';
import { transactionTitle } from '../../../../lib/transactions';
import { formatDateGB } from '../../shared/format';
import { customerName } from './action-words';
import { TxStatusBadges } from './TxStatusPill';

/** One list row: service, customer, amount, status and date; tapping opens the detail sheet. */
export function AdminTransactionRow({
  tx,
  onOpen,
}: {
  tx: AdminTransactionDto;
  onOpen: (tx: AdminTransactionDto) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen(tx)}
      className="flex w-full items-center gap-3 rounded-3xl bg-white p-4 text-left shadow-card transition-colors hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <TransactionIcon tx={tx} size={42} />
      <span className="min-w-0 flex-1 [contain:inline-size]">
        <span className="block truncate text-sm font-semibold text-ink">
          {transactionTitle(tx)}
        </span>
        <span className="block truncate text-xs text-muted">{customerName(tx.user)}</span>
        <span className="mt-0.5 block truncate text-xs text-muted">
          {formatDateGB(tx.createdAt)}
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <span
          className={`amount text-sm font-bold ${tx.type === 'credit' ? 'text-brand-700' : 'text-ink'}`}
        >
          {signedAmount(tx)}
        </span>
        <TxStatusBadges tx={tx} />
      </span>
    </button>
  );
}
