import { useState } from 'react';
import { Link } from 'react-router';
import { adminMessages as t, pageOfText } from '@owo/shared/admin-messages';
import type { BettingStatsStatus } from '@owo/shared/constants';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { TrophyIcon } from '../../../components/icons';
import { SelectField } from '../../../components/SelectField';
import { CardListSkeleton } from '../shared/CardListSkeleton';
import { Pagination } from '../shared/Pagination';
import { ExportButton } from '../shared/ExportButton';
import { SearchField } from '../shared/SearchField';
import { useBettingStats } from './api/betting-stats-api';
import { BettingStatsTiles } from './components/BettingStatsTiles';
import { BettingTransactionCard } from './components/BettingTransactionCard';
import { GridIcon } from '../shared/admin-icons';
import { useDebouncedValue } from '../shared/use-debounced-value';

const SEARCH_DEBOUNCE_MS = 350;

const statusOptions: { value: BettingStatsStatus; label: string }[] = [
  { value: 'all', label: t.allStatus },
  { value: 'success', label: t.statusSuccess },
  { value: 'failed', label: t.statusFailed },
  { value: 'pending', label: t.statusPending },
];

/**
 * Admin Betting Statistics (/admin/betting-stats, spec 2 §2): the six tiles over every betting
 * order, and the orders the search and status filter select, both applied by the server across
 * every page. Fetch errors are only logged (spec 2 §8).
 */
export function BettingStatsPage() {
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<BettingStatsStatus>('all');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // A new search or filter starts again at page 1 (no effect needed: the page belongs to a filter).
  const filterKey = `${status}\u0000${search}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;

  const query = useBettingStats({ page, status, search });
  const data = query.data;
  const filtered = status !== 'all' || search !== '';
  const total = data?.pagination.totalItems ?? 0;
  const pages = data?.pagination.totalPages ?? 0;

  function goTo(next: number) {
    setPaging({ filterKey, page: next });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  return (
    <main className="mx-auto min-h-dvh max-w-md overflow-x-clip bg-surface pb-10">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] backdrop-blur">
        <header className="flex h-14 items-center gap-2">
          <h1 className="flex-1 truncate text-lg font-bold">{t.bettingStatsTitle}</h1>
          <ExportButton
            path={`/admin/analytics/betting/export?${new URLSearchParams({ status, search })}`}
            fallbackName="owo-betting.csv"
            compact
          />
          <Link
            to="/admin/dashboard"
            aria-label="Dashboard"
            title="Dashboard"
            className="-mr-1 grid size-11 place-items-center rounded-full bg-white text-brand-700 shadow-card hover:bg-brand-50"
          >
            <GridIcon size={20} />
          </Link>
        </header>
      </div>

      <div className="grid grid-cols-1 gap-4 px-5 pt-1">
        <BettingStatsTiles statistics={data?.statistics} />

        <SearchField
          value={searchText}
          onChange={setSearchText}
          placeholder={t.bettingSearchPlaceholder}
          maxLength={100}
        />

        <div className="-mb-1 flex items-center justify-between gap-3">
          <h2 className="text-sm font-semibold">
            Transactions
            {data && total > 0 ? (
              <span className="ml-1.5 font-medium text-muted amount">
                ({total.toLocaleString('en-NG')})
              </span>
            ) : null}
          </h2>
          <SelectField
            label="Status"
            className="w-36 [&_select]:h-10 [&_select]:text-sm [&>div]:min-h-10 [&>div]:rounded-xl [&>label]:sr-only"
            value={status}
            onChange={(event) => setStatus(event.target.value as BettingStatsStatus)}
          >
            {statusOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
        </div>

        <section
          aria-label="Betting transactions"
          aria-busy={query.isFetching || undefined}
          className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
        >
          {query.isPending ? (
            <CardListSkeleton lines={3} testId="betting-skeleton" />
          ) : !data || data.transactions.length === 0 ? (
            <EmptyState
              icon={<TrophyIcon size={26} />}
              title={t.noTransactionsFound}
              text={
                query.isError && !data
                  ? undefined
                  : filtered
                    ? t.tryAdjustingFilter
                    : t.bettingEmpty
              }
              action={
                // No message on a failed fetch (spec 2 §8), but a way to ask again.
                query.isError && !data ? (
                  <Button variant="secondary" block={false} onClick={() => void query.refetch()}>
                    Try again
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <ul className="grid grid-cols-1 gap-3">
              {data.transactions.map((tx) => (
                <li key={tx._id}>
                  <BettingTransactionCard tx={tx} />
                </li>
              ))}
            </ul>
          )}
        </section>

        {total > 0 ? (
          <Pagination
            page={page}
            pages={pages}
            onPage={goTo}
            summary={pageOfText(page, pages, total)}
          />
        ) : null}
      </div>
    </main>
  );
}
