import { useState } from 'react';
import { Link } from 'react-router';
import type { TransactionDto } from '@owo/shared/api-types';
import { Button } from '../../../components/Button';
import { ReceiptIcon } from '../../../components/icons';
import { Skeleton } from '../../../components/Skeleton';
import { TransactionDetailSheet } from '../../../components/TransactionDetailSheet';
import { TransactionRow } from '../../../components/TransactionRow';
import { formatShortDateTime } from '../../../lib/transactions';

interface LatestTransactionsProps {
  transactions: TransactionDto[] | undefined;
  loading: boolean;
  failed: boolean;
  /** Loads the list again after a failure. */
  onRetry: () => void;
}

/** The 5 latest transactions: See all goes to /transactions, See more opens the detail sheet. */
export function LatestTransactions({
  transactions,
  loading,
  failed,
  onRetry,
}: LatestTransactionsProps) {
  const [open, setOpen] = useState<TransactionDto | null>(null);
  return (
    <section aria-labelledby="latest-title" className="rounded-3xl bg-white p-4 shadow-card">
      <div className="mb-1 flex items-center justify-between">
        <h2 id="latest-title" className="text-sm font-semibold">
          Recent transactions
        </h2>
        <Link
          to="/transactions"
          className="-mr-2 inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          See all
        </Link>
      </div>
      {loading ? (
        <ul aria-label="Loading transactions" className="grid gap-4 py-2">
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-3.5 w-28" />
                <Skeleton className="h-3 w-20" />
              </div>
              <Skeleton className="h-4 w-16" />
            </li>
          ))}
        </ul>
      ) : !transactions?.length ? (
        <div className="flex flex-col items-center py-6 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-surface text-muted">
            <ReceiptIcon size={22} />
          </span>
          <p className="mt-3 font-medium">
            {failed ? "Couldn't load transactions" : 'No transactions yet'}
          </p>
          <p className="mt-1 text-xs text-muted">
            {failed
              ? 'Check your connection and try again.'
              : 'Your payments and deposits will show up here.'}
          </p>
          {failed ? (
            <Button variant="secondary" block={false} className="mt-3" onClick={onRetry}>
              Retry
            </Button>
          ) : null}
        </div>
      ) : (
        <ul aria-label="Recent transactions" className="divide-y divide-line">
          {transactions.map((tx) => (
            <li key={tx._id}>
              <TransactionRow
                tx={tx}
                onOpen={setOpen}
                trailing="seeMore"
                subtitle={formatShortDateTime(tx.createdAt)}
              />
            </li>
          ))}
        </ul>
      )}
      <TransactionDetailSheet transaction={open} onClose={() => setOpen(null)} />
    </section>
  );
}
