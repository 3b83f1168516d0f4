import type { ComponentType } from 'react';
import { Link } from 'react-router';
import {
  BoltIcon,
  PhoneIcon,
  PlusIcon,
  ReceiptIcon,
  SendIcon,
  SwapIcon,
  TrophyIcon,
  TvIcon,
  WifiIcon,
} from '../../../components/icons';
import { Skeleton } from '../../../components/Skeleton';
import { formatNaira } from '../../../lib/money';
import type { TransactionSummary } from '../api/home-api';

const kinds: Record<string, { label: string; Icon: ComponentType<{ size?: number }> }> = {
  data: { label: 'Data', Icon: WifiIcon },
  airtime: { label: 'Airtime', Icon: PhoneIcon },
  deposit: { label: 'Deposit', Icon: PlusIcon },
  cable: { label: 'Cable TV', Icon: TvIcon },
  cabletv: { label: 'Cable TV', Icon: TvIcon },
  utility: { label: 'Electricity', Icon: BoltIcon },
  electricity: { label: 'Electricity', Icon: BoltIcon },
  transfer: { label: 'Transfer', Icon: SendIcon },
  betting: { label: 'Betting', Icon: TrophyIcon },
  'airtime-swap': { label: 'Airtime to Cash', Icon: SwapIcon },
};

function describe(serviceType: string) {
  const key = serviceType.toLowerCase().replace(/[_\s]/g, '');
  return (
    kinds[key] ??
    kinds[serviceType.toLowerCase()] ?? { label: serviceType || 'Transaction', Icon: ReceiptIcon }
  );
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

interface LatestTransactionsProps {
  transactions: TransactionSummary[] | undefined;
  loading: boolean;
  failed: boolean;
}

export function LatestTransactions({ transactions, loading, failed }: LatestTransactionsProps) {
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
              ? 'Pull down or come back in a moment.'
              : 'Your payments and deposits will show up here.'}
          </p>
        </div>
      ) : (
        <ul className="divide-y divide-line">
          {transactions.map((tx, i) => {
            const { label, Icon } = describe(tx.serviceType);
            const failedTx = tx.status === 'failed';
            const credit = tx.type === 'credit';
            return (
              <li
                key={tx._id ?? tx.reference ?? i}
                className="flex min-h-16 items-center gap-3 py-2"
              >
                <span
                  className={`grid size-10 shrink-0 place-items-center rounded-full ${
                    credit ? 'bg-brand-50 text-brand-700' : 'bg-surface text-ink'
                  }`}
                >
                  <Icon size={18} />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{label}</p>
                  <p className="text-xs text-muted">{dateFormat.format(new Date(tx.createdAt))}</p>
                </div>
                <div className="text-right">
                  <p className={`font-semibold amount ${credit ? 'text-brand-700' : 'text-ink'}`}>
                    {credit ? '+' : '−'}
                    {formatNaira(tx.amount)}
                  </p>
                  <p
                    className={`text-xs font-medium ${failedTx ? 'text-danger' : 'text-brand-600'}`}
                  >
                    {failedTx ? 'Failed' : 'Successful'}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
