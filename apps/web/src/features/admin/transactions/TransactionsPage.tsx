import { useEffect, useState } from 'react';
import type { AdminTransactionDto } from '@owo/shared/api-types';
import { adminMessages as t } from '@owo/shared/admin-messages';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { ReceiptIcon } from '../../../components/icons';
import { AlertCircleIcon } from '../../../components/more-icons';
import { ScreenHeader } from '../../../components/ScreenHeader';
import { Skeleton } from '../../../components/Skeleton';
import { toast } from '../../../lib/toast';
import { Pagination } from '../shared/Pagination';
import { useDebouncedValue } from '../shared/use-debounced-value';
import { ExportButton } from '../shared/ExportButton';
import {
  filterParams,
  useAdminTransactions,
  type TransactionFilters as Filters,
} from './api/admin-transactions-api';
import { AdminTransactionRow } from './components/AdminTransactionRow';
import { OrderActionsLayer } from './components/OrderActionsLayer';
import { TransactionFilters } from './components/TransactionFilters';
import { useOrderActions } from './components/use-order-actions';

const SEARCH_DEBOUNCE_MS = 350;
const NO_FILTERS: Filters = { status: 'all', year: '', month: '', day: '', search: '', page: 1 };

/**
 * Admin Transactions (/admin/transaction, spec 2 §2; ours is live): every customer's
 * transactions by status and Lagos date, and a detail sheet with Approve / Refund / Reverse where
 * the server allows them.
 */
export function TransactionsPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [searchText, setSearchText] = useState('');
  const [selected, setSelected] = useState<AdminTransactionDto | null>(null);
  // A settled new search goes into the filters and starts again at page 1 (set while rendering,
  // React's way to follow a changed value without an extra effect pass).
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  if (filters.search !== search) setFilters({ ...filters, search, page: 1 });

  const list = useAdminTransactions(filters);
  const actions = useOrderActions(setSelected);

  useEffect(() => {
    if (list.isError) toast.error(t.fetchTransactionsFailed);
  }, [list.isError]);

  const rows = list.data?.data ?? [];
  const pages = list.data?.pagination.totalPages ?? 1;
  const filtered = filters.status !== 'all' || filters.year !== '' || filters.search !== '';

  const goTo = (page: number) => {
    setFilters((f) => ({ ...f, page }));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <main className="mx-auto min-h-dvh max-w-md overflow-x-clip bg-surface pb-10">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] backdrop-blur">
        <ScreenHeader
          title={t.adminTransactionsTitle}
          backTo="/admin/dashboard"
          trailing={
            <ExportButton
              path={`/admin/transactions/export?${filterParams(filters)}`}
              fallbackName="owo-transactions.csv"
            />
          }
        />
      </div>
      <div className="grid grid-cols-1 gap-4 px-5 pt-1">
        <TransactionFilters
          filters={filters}
          searchText={searchText}
          onSearchText={setSearchText}
          onChange={(change) => setFilters((f) => ({ ...f, ...change, page: 1 }))}
        />

        <section
          aria-label="Transactions"
          aria-busy={list.isFetching || undefined}
          className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
        >
          {list.isPending ? (
            <ListSkeleton />
          ) : list.isError && !list.data ? (
            <EmptyState
              icon={<AlertCircleIcon size={26} />}
              title={t.fetchTransactionsFailed}
              action={
                <Button variant="secondary" block={false} onClick={() => void list.refetch()}>
                  Try again
                </Button>
              }
            />
          ) : rows.length === 0 ? (
            <EmptyState
              icon={<ReceiptIcon size={26} />}
              title={t.noTransactionsFound}
              text={filtered ? t.tryAdjustingFilter : undefined}
            />
          ) : (
            <ul className="grid grid-cols-1 gap-3">
              {rows.map((tx) => (
                <li key={tx._id}>
                  <AdminTransactionRow tx={tx} onOpen={setSelected} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <Pagination page={filters.page} pages={pages} onPage={goTo} />
      </div>

      <OrderActionsLayer selected={selected} actions={actions} onClose={() => setSelected(null)} />
    </main>
  );
}

function ListSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden="true" data-testid="transactions-skeleton">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-center gap-3 rounded-3xl bg-white p-4 shadow-card">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3 w-32" />
            <Skeleton className="h-3 w-24" />
          </div>
          <div className="space-y-2">
            <Skeleton className="ml-auto h-3 w-16" />
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
