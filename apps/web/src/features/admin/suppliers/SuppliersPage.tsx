import { useState } from 'react';
import type { SupplierBalanceDto, SupplierRouteDto } from '@owo/shared/suppliers';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { AlertCircleIcon } from '../../../components/more-icons';
import { ScreenHeader } from '../../../components/ScreenHeader';
import { Skeleton } from '../../../components/Skeleton';
import { isAdmin, useSession } from '../../../lib/session-store';
import { RefreshIcon } from '../shared/admin-icons';
import { useSuppliers } from './api/suppliers-api';
import { BalanceCard } from './components/BalanceCard';
import { RouteSheet } from './components/RouteSheet';
import { RoutesCard } from './components/RoutesCard';
import { ThresholdSheet } from './components/ThresholdSheet';
import { suppliersTexts as t } from './suppliers-texts';

const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

function BalancesSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden="true" data-testid="suppliers-skeleton">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="rounded-3xl bg-white p-4 shadow-card">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-2xl" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3 w-24" />
              <Skeleton className="h-3 w-40" />
            </div>
            <Skeleton className="h-4 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * Suppliers (/admin/suppliers): our wallet at each supplier with its low-balance warning, and the
 * airtime routing table. Only an admin changes either (the server checks); support staff look.
 */
export function SuppliersPage() {
  const query = useSuppliers();
  const canEdit = useSession((s) => isAdmin(s.user));
  const [threshold, setThreshold] = useState<SupplierBalanceDto | null>(null);
  const [route, setRoute] = useState<SupplierRouteDto | null>(null);
  const data = query.data?.data;
  const low = data?.balances.filter((b) => b.low).length ?? 0;

  return (
    <main className="mx-auto min-h-dvh max-w-md overflow-x-clip bg-surface pb-10">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] backdrop-blur">
        <ScreenHeader title={t.title} backTo="/admin/dashboard" />
      </div>
      <div className="grid grid-cols-1 gap-8 px-5 pt-1">
        <section aria-labelledby="balances-heading" className="grid gap-3">
          <div className="flex items-center justify-between gap-2">
            <div>
              <h2 id="balances-heading" className="text-base font-semibold text-ink">
                {t.balancesHeading}
              </h2>
              <p className="text-xs text-muted">
                {data ? t.checkedAt(time.format(new Date(data.checkedAt))) : t.balancesNote}
              </p>
            </div>
            <button
              type="button"
              aria-label={t.refresh}
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
              className="grid size-10 place-items-center rounded-2xl bg-white text-brand-700 shadow-card disabled:opacity-50"
            >
              <RefreshIcon size={18} className={query.isFetching ? 'animate-spin' : ''} />
            </button>
          </div>
          {low > 0 ? (
            <p
              role="status"
              className="flex items-center gap-2 rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-danger"
            >
              <AlertCircleIcon size={18} />
              {t.lowSummary(low)}
            </p>
          ) : null}
          {query.isPending ? (
            <BalancesSkeleton />
          ) : query.isError && !data ? (
            <EmptyState
              icon={<AlertCircleIcon size={26} />}
              title={t.loadFailed}
              action={
                <Button variant="secondary" block={false} onClick={() => void query.refetch()}>
                  {t.retry}
                </Button>
              }
            />
          ) : (
            data?.balances.map((balance) => (
              <BalanceCard
                key={balance.supplier}
                balance={balance}
                canEdit={canEdit}
                onEdit={() => setThreshold(balance)}
              />
            ))
          )}
        </section>

        {data ? (
          <section aria-labelledby="routing-heading" className="grid gap-3">
            <div>
              <h2 id="routing-heading" className="text-base font-semibold text-ink">
                {t.routingHeading}
              </h2>
              <p className="mt-0.5 text-xs text-muted">{t.routingNote}</p>
            </div>
            <RoutesCard routes={data.routes} canEdit={canEdit} onChange={setRoute} />
            <p className="text-xs text-muted">{t.planBoundNote}</p>
          </section>
        ) : null}
      </div>

      {threshold ? <ThresholdSheet balance={threshold} onClose={() => setThreshold(null)} /> : null}
      {route ? <RouteSheet route={route} onClose={() => setRoute(null)} /> : null}
    </main>
  );
}
