import { useState } from 'react';
import type { TransactionDto } from '@owo/shared/api-types';
import { adminUserMessages as m } from '@owo/shared/admin-user-messages';
import { HISTORY_YEARS } from '@owo/shared/constants';
import { Button } from '../../../../components/Button';
import { EmptyState } from '../../../../components/EmptyState';
import { ReceiptIcon } from '../../../../components/icons';
import { AlertCircleIcon } from '../../../../components/more-icons';
import { SelectField } from '../../../../components/SelectField';
import { Skeleton } from '../../../../components/Skeleton';
import { TransactionDetailSheet } from '../../../../components/TransactionDetailSheet';
import { TransactionRow } from '../../../../components/TransactionRow';
import { formatDateGB } from '../../shared/format';
import { Pagination } from '../../shared/Pagination';
import { SearchField } from '../../shared/SearchField';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { useUserStatement, type StatementFilters } from '../api/admin-users-api';
import { MONTH_NAMES } from '../../../../lib/months';

/**
 * The customer's full statement, paged on the server, with the History screen's filters (search
 * by type, phone or amount; year; month) answered by the same query the customer's History uses.
 */
export function UserStatement({ userId }: { userId: string }) {
  const [filters, setFilters] = useState<StatementFilters>({
    search: '',
    year: '',
    month: '',
    page: 1,
  });
  const [text, setText] = useState('');
  const [open, setOpen] = useState<TransactionDto | null>(null);
  const search = useDebouncedValue(text.trim(), 350);
  if (filters.search !== search) setFilters({ ...filters, search, page: 1 });
  const statement = useUserStatement(userId, filters);
  const rows = statement.data?.transactions ?? [];
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: HISTORY_YEARS }, (_, i) => String(thisYear - i));

  return (
    <section aria-label={m.statementTitle} className="grid gap-3">
      <h3 className="px-1 pt-2 font-semibold text-ink">{m.statementTitle}</h3>
      <SearchField value={text} onChange={setText} placeholder="Search by type, phone or amount" />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Year"
          value={filters.year}
          onChange={(e) => setFilters({ ...filters, year: e.target.value, page: 1 })}
        >
          <option value="">All years</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Month"
          value={filters.month}
          disabled={!filters.year}
          onChange={(e) => setFilters({ ...filters, month: e.target.value, page: 1 })}
        >
          <option value="">All months</option>
          {MONTH_NAMES.map((name, i) => (
            <option key={name} value={String(i + 1)}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>
      <div
        aria-busy={statement.isFetching || undefined}
        className={statement.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
      >
        {statement.isPending ? (
          <StatementSkeleton />
        ) : statement.isError && !statement.data ? (
          <EmptyState
            icon={<AlertCircleIcon size={26} />}
            title={m.statementLoadFailed}
            action={
              <Button variant="secondary" block={false} onClick={() => void statement.refetch()}>
                Try again
              </Button>
            }
          />
        ) : rows.length === 0 ? (
          <EmptyState icon={<ReceiptIcon size={26} />} title={m.noStatement} />
        ) : (
          <ul
            data-testid="statement"
            className="divide-y divide-line rounded-3xl bg-white px-4 py-1 shadow-card"
          >
            {rows.map((tx) => (
              <li key={tx._id}>
                <TransactionRow tx={tx} onOpen={setOpen} subtitle={formatDateGB(tx.createdAt)} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Pagination
        page={filters.page}
        pages={statement.data?.pagination.pages ?? 1}
        onPage={(page) => setFilters({ ...filters, page })}
      />
      <TransactionDetailSheet
        transaction={open}
        onClose={() => setOpen(null)}
        linkRelated={false}
      />
    </section>
  );
}

function StatementSkeleton() {
  return (
    <div className="rounded-3xl bg-white px-4 py-2 shadow-card" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3 py-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-32" />
            <Skeleton className="h-3 w-20" />
          </div>
          <Skeleton className="h-4 w-16" />
        </div>
      ))}
    </div>
  );
}
