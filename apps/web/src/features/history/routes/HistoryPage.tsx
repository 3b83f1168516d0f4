import { useEffect, useState, type ReactNode } from 'react';
import type { TransactionDto } from '@owo/shared/api-types';
import { Button } from '../../../components/Button';
import { DownloadIcon, ReceiptIcon } from '../../../components/icons';
import { SearchIcon } from '../../../components/more-icons';
import { PullToRefresh } from '../../../components/PullToRefresh';
import { Skeleton } from '../../../components/Skeleton';
import { TransactionDetailSheet } from '../../../components/TransactionDetailSheet';
import { TransactionRow } from '../../../components/TransactionRow';
import { formatDay, formatTime } from '../../../lib/transactions';
import { useHistory } from '../api/history-api';
import { HistoryFiltersBar } from '../components/HistoryFilters';
import { StatementSheet } from '../components/StatementSheet';

const SEARCH_DEBOUNCE_MS = 300;

/** This month on the Lagos clock (UTC+1), the one statements are cut by. */
function lagosToday(): { year: number; month: number } {
  const lagos = new Date(Date.now() + 60 * 60 * 1000);
  return { year: lagos.getUTCFullYear(), month: lagos.getUTCMonth() + 1 };
}

/** History (/transactions): search, year and month filters, the list by day, detail sheet. */
export function HistoryPage() {
  const [currentYear] = useState(() => new Date().getFullYear());
  const [year, setYear] = useState(currentYear);
  const [month, setMonth] = useState<number | null>(null);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<TransactionDto | null>(null);
  const [statementOpen, setStatementOpen] = useState(false);
  const [today] = useState(lagosToday);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const history = useHistory({ year, month, search });
  const transactions = history.data?.pages.flatMap((page) => page.transactions ?? []) ?? [];
  const total = history.data?.pages[0]?.pagination?.total;
  const days = groupByDay(transactions);
  const filtered = Boolean(search) || month !== null || year !== currentYear;

  return (
    <PullToRefresh>
      <div className="px-5 pt-[max(env(safe-area-inset-top),1rem)]">
        <div className="flex items-center justify-between py-3">
          <h1 className="text-xl font-bold">History</h1>
          <div className="flex items-center gap-3">
            {total !== undefined && !history.isPending ? (
              <p className="text-xs text-muted amount" aria-live="polite">
                {total} {total === 1 ? 'transaction' : 'transactions'}
              </p>
            ) : null}
            <button
              type="button"
              onClick={() => setStatementOpen(true)}
              className="inline-flex min-h-10 items-center gap-1.5 self-center rounded-full bg-brand-50 px-3.5 text-sm font-semibold text-brand-700 hover:bg-brand-100"
            >
              <DownloadIcon size={16} />
              Statement
            </button>
          </div>
        </div>

        <HistoryFiltersBar
          search={searchInput}
          onSearch={setSearchInput}
          year={year}
          onYear={setYear}
          month={month}
          onMonth={setMonth}
          currentYear={currentYear}
        />

        <div
          className={`mt-2 pb-6 transition-opacity ${history.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={history.isFetching || undefined}
        >
          {history.isPending ? (
            <ListSkeleton />
          ) : history.isError && transactions.length === 0 ? (
            <EmptyState
              title="Couldn't load your history"
              text="Check your connection and try again."
              action={
                <Button
                  variant="secondary"
                  block={false}
                  className="mt-4"
                  onClick={() => void history.refetch()}
                >
                  Try again
                </Button>
              }
            />
          ) : transactions.length === 0 ? (
            <EmptyState
              search={Boolean(search)}
              title={filtered ? 'No matching transactions' : 'No transactions yet'}
              text={
                filtered
                  ? 'Try another search, month or year.'
                  : 'Your payments and deposits will show up here.'
              }
            />
          ) : (
            <>
              {days.map(({ day, items }) => (
                <section key={day} aria-label={day}>
                  <h2 className="px-1 pt-4 pb-2 text-xs font-semibold tracking-wide text-muted uppercase">
                    {day}
                  </h2>
                  <ul className="divide-y divide-line rounded-3xl bg-white px-4 py-1 shadow-card">
                    {items.map((tx) => (
                      <li key={tx._id}>
                        <TransactionRow
                          tx={tx}
                          onOpen={setOpen}
                          subtitle={formatTime(tx.createdAt)}
                        />
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
              {history.hasNextPage ? (
                <Button
                  variant="secondary"
                  className="mt-4"
                  loading={history.isFetchingNextPage}
                  onClick={() => void history.fetchNextPage()}
                >
                  Load more
                </Button>
              ) : null}
            </>
          )}
        </div>

        <TransactionDetailSheet transaction={open} onClose={() => setOpen(null)} />
        <StatementSheet
          open={statementOpen}
          onClose={() => setStatementOpen(false)}
          // The month History shows, when it is one that has begun; this month otherwise.
          initialYear={
            month && year * 12 + month <= today.year * 12 + today.month ? year : today.year
          }
          initialMonth={
            month && year * 12 + month <= today.year * 12 + today.month ? month : today.month
          }
          currentYear={today.year}
          currentMonth={today.month}
        />
      </div>
    </PullToRefresh>
  );
}

function groupByDay(transactions: TransactionDto[]) {
  const now = new Date();
  const days: { day: string; items: TransactionDto[] }[] = [];
  for (const tx of transactions) {
    const day = formatDay(tx.createdAt, now);
    const last = days[days.length - 1];
    if (last && last.day === day) last.items.push(tx);
    else days.push({ day, items: [tx] });
  }
  return days;
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading transactions">
      <Skeleton className="mt-4 mb-2 ml-1 h-3 w-16" />
      <ul className="grid gap-4 rounded-3xl bg-white p-4 shadow-card">
        {[0, 1, 2, 3, 4].map((i) => (
          <li key={i} className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3.5 w-32" />
              <Skeleton className="h-3 w-14" />
            </div>
            <div className="space-y-2">
              <Skeleton className="ml-auto h-4 w-20" />
              <Skeleton className="ml-auto h-3 w-14" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function EmptyState({
  title,
  text,
  action,
  search = false,
}: {
  title: string;
  text: string;
  action?: ReactNode;
  search?: boolean;
}) {
  return (
    <div className="mt-4 flex flex-col items-center rounded-3xl bg-white px-6 py-10 text-center shadow-card">
      <span className="grid size-14 place-items-center rounded-full bg-surface text-muted">
        {search ? <SearchIcon size={24} /> : <ReceiptIcon size={24} />}
      </span>
      <p className="mt-4 font-semibold">{title}</p>
      <p className="mt-1 text-sm text-muted">{text}</p>
      {action}
    </div>
  );
}
