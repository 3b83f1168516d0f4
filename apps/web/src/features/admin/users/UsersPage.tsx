import { useState } from 'react';
import { adminUserMessages as m } from '@owo/shared/admin-user-messages';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { AlertCircleIcon, SearchIcon } from '../../../components/more-icons';
import { ScreenHeader } from '../../../components/ScreenHeader';
import { Skeleton } from '../../../components/Skeleton';
import { Pagination } from '../shared/Pagination';
import { SearchField } from '../shared/SearchField';
import { useDebouncedValue } from '../shared/use-debounced-value';
import { useAdminUsers } from './api/admin-users-api';
import { UserCard } from './components/UserCard';

const SEARCH_DEBOUNCE_MS = 350;

/**
 * Admin Users (/admin/users, decision 0028): find a customer by e-mail, phone, name or account
 * number (searched on the server over every page) and open their profile.
 */
export function UsersPage() {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [searched, setSearched] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // A settled new search starts again at page 1 (set while rendering, without an effect pass).
  if (search !== searched) {
    setSearched(search);
    setPage(1);
  }
  const list = useAdminUsers(search, page);
  const rows = list.data?.data ?? [];
  const pages = list.data?.pagination.totalPages ?? 1;
  const goTo = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <main className="mx-auto min-h-dvh max-w-md overflow-x-clip bg-surface pb-10">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] pb-3 backdrop-blur">
        <ScreenHeader title={m.usersTitle} backTo="/admin/dashboard" />
        <SearchField
          value={text}
          onChange={setText}
          placeholder={m.searchPlaceholder}
          maxLength={100}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 px-5 pt-1">
        <section
          aria-label={m.usersTitle}
          aria-busy={list.isFetching || undefined}
          className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
        >
          {list.isPending ? (
            <ListSkeleton />
          ) : list.isError && !list.data ? (
            <EmptyState
              icon={<AlertCircleIcon size={26} />}
              title={m.usersLoadFailed}
              action={
                <Button variant="secondary" block={false} onClick={() => void list.refetch()}>
                  Try again
                </Button>
              }
            />
          ) : rows.length === 0 ? (
            <EmptyState
              icon={<SearchIcon size={26} />}
              title={m.noUsersFound}
              text={search ? m.tryAnotherSearch : undefined}
            />
          ) : (
            <ul className="grid grid-cols-1 gap-3">
              {rows.map((user) => (
                <li key={user._id}>
                  <UserCard user={user} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <Pagination page={page} pages={pages} onPage={goTo} />
      </div>
    </main>
  );
}

function ListSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden="true" data-testid="users-skeleton">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex items-center gap-3 rounded-3xl bg-white p-4 shadow-card">
          <Skeleton className="size-11 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-32" />
            <Skeleton className="h-3 w-40" />
          </div>
          <Skeleton className="h-4 w-16" />
        </div>
      ))}
    </div>
  );
}
