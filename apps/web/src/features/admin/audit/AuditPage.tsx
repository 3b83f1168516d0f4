import { useState } from 'react';
import { adminMessages } from '@owo/shared/admin-messages';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { ReceiptIcon } from '../../../components/icons';
import { AlertCircleIcon } from '../../../components/more-icons';
import { ScreenHeader } from '../../../components/ScreenHeader';
import { SelectField } from '../../../components/SelectField';
import { Skeleton } from '../../../components/Skeleton';
import { Pagination } from '../shared/Pagination';
import { useAuditLog, type AuditFilters } from './api/audit-api';
import { AuditEntryCard } from './components/AuditEntryCard';
import { actionTitle, actorLabel } from './components/audit-format';

/** Audit Log (/admin/audit): every admin action, newest first, by admin and by action. */
export function AuditPage() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<AuditFilters>({ actor: '', action: '' });
  const log = useAuditLog(page, filters);
  const entries = log.data?.data ?? [];
  const choices = log.data?.filters ?? { actors: [], actions: [] };
  const filtered = Boolean(filters.actor || filters.action);

  const choose = (next: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };

  return (
    <main className="mx-auto min-h-dvh max-w-md overflow-x-clip bg-surface pb-8">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] backdrop-blur">
        <ScreenHeader title={adminMessages.auditTitle} backTo="/admin/dashboard" />
      </div>
      <div className="grid grid-cols-1 gap-4 px-5 pt-1">
        <div className="grid grid-cols-2 gap-2">
          <SelectField
            label="Admin"
            className="min-w-0 [&>label]:sr-only [&_select]:text-sm"
            value={filters.actor}
            onChange={(event) => choose({ actor: event.target.value })}
          >
            <option value="">{adminMessages.auditAllAdmins}</option>
            {choices.actors.map((actor) => {
              const value = actor._id ?? actor.email;
              return (
                <option key={value} value={value}>
                  {actorLabel(actor)}
                </option>
              );
            })}
          </SelectField>
          <SelectField
            label="Action"
            className="min-w-0 [&>label]:sr-only [&_select]:text-sm"
            value={filters.action}
            onChange={(event) => choose({ action: event.target.value })}
          >
            <option value="">{adminMessages.auditAllActions}</option>
            {choices.actions.map((action) => (
              <option key={action} value={action}>
                {actionTitle(action)}
              </option>
            ))}
          </SelectField>
        </div>

        {log.data && log.data.pagination.totalItems > 0 ? (
          <p className="-mb-2 text-xs text-muted amount">
            {log.data.pagination.totalItems.toLocaleString('en-GB')}{' '}
            {log.data.pagination.totalItems === 1 ? 'entry' : 'entries'}
          </p>
        ) : null}

        <section
          aria-label="Audit entries"
          aria-busy={log.isFetching || undefined}
          className={log.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
        >
          {log.isPending ? (
            <ListSkeleton />
          ) : log.isError && !log.data ? (
            <EmptyState
              icon={<AlertCircleIcon size={26} />}
              title={adminMessages.genericError}
              action={
                <Button variant="secondary" block={false} onClick={() => void log.refetch()}>
                  Try again
                </Button>
              }
            />
          ) : entries.length === 0 ? (
            <EmptyState
              icon={<ReceiptIcon size={26} />}
              title={filtered ? adminMessages.auditNoMatch : adminMessages.auditEmpty}
              text={filtered ? adminMessages.auditTryFilter : adminMessages.auditEmptyText}
            />
          ) : (
            <ul className="grid grid-cols-1 gap-3">
              {entries.map((entry) => (
                <li key={entry._id}>
                  <AuditEntryCard entry={entry} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <Pagination
          page={page}
          pages={log.data?.pagination.totalPages ?? 1}
          onPage={(next) => {
            setPage(next);
            window.scrollTo({ top: 0 });
          }}
        />
      </div>
    </main>
  );
}

function ListSkeleton() {
  return (
    <ul className="grid grid-cols-1 gap-3" aria-label="Loading">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="rounded-3xl bg-white p-4 shadow-card">
          <div className="flex items-start gap-3">
            <Skeleton className="size-10 rounded-2xl" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3.5 w-2/5" />
              <Skeleton className="h-3 w-3/5" />
              <Skeleton className="h-4 w-24 rounded-full" />
            </div>
          </div>
          <div className="mt-3 space-y-2 border-t border-line pt-3">
            <Skeleton className="h-3 w-4/5" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </li>
      ))}
    </ul>
  );
}
