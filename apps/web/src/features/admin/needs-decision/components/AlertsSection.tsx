import { useState } from 'react';
import { adminMessages as t } from '@owo/shared/admin-messages';
import { EmptyState } from '../../../../components/EmptyState';
import { ShieldIcon } from '../../../../components/icons';
import { Pagination } from '../../shared/Pagination';
import { pillTone, StatusPill } from '../../shared/StatusPill';
import { useOperatorAlerts } from '../api/needs-decision-api';
import { AlertCard } from './AlertCard';
import { CardsSkeleton, LoadError, SectionTitle } from './SectionState';

/** Supplier problems an operator must fix, newest first, each with a way to its order. */
export function AlertsSection({
  opening,
  onViewOrder,
}: {
  /** The transaction being loaded for the sheet, if any. */
  opening: string | null;
  onViewOrder: (transactionId: string) => void;
}) {
  const [page, setPage] = useState(1);
  const alerts = useOperatorAlerts(page);
  const rows = alerts.data?.data ?? [];
  const open = alerts.data?.open ?? 0;

  return (
    <section
      aria-labelledby="needs-decision-alerts"
      aria-busy={alerts.isFetching || undefined}
      className="grid gap-3"
    >
      <SectionTitle
        id="needs-decision-alerts"
        title={t.alertsTitle}
        aside={
          open > 0 ? (
            <StatusPill label={t.alertsOpen.replace('{n}', String(open))} tone={pillTone.bad} />
          ) : undefined
        }
      />
      <p className="text-sm text-muted">{t.alertsIntro}</p>
      <div className={alerts.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
        {alerts.isPending ? (
          <CardsSkeleton withFooter={false} />
        ) : alerts.isError && !alerts.data ? (
          <LoadError title={t.alertsLoadFailed} onRetry={() => void alerts.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<ShieldIcon size={26} />}
            title={t.alertsEmpty}
            text={t.alertsEmptyText}
          />
        ) : (
          <ul className="grid grid-cols-1 gap-3">
            {rows.map((alert) => (
              <li key={alert._id}>
                <AlertCard
                  alert={alert}
                  loading={opening !== null && opening === alert.transactionId}
                  onViewOrder={onViewOrder}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Pagination page={page} pages={alerts.data?.pagination.totalPages ?? 1} onPage={setPage} />
    </section>
  );
}
