import { Link } from 'react-router';
import { adminMessages as t } from '@owo/shared/admin-messages';
import { ChevronRightIcon } from '../../../../components/icons';
import { ClockIcon } from '../../../../components/more-icons';
import { Skeleton } from '../../../../components/Skeleton';
import { useNeedsDecision, useOperatorAlerts } from '../api/needs-decision-api';

/**
 * The dashboard's way in: how many orders wait for a decision and how many alerts are open,
 * marked when either is not zero (nothing settles them by itself).
 */
export function NeedsDecisionLink() {
  const orders = useNeedsDecision(1);
  const alerts = useOperatorAlerts(1);
  const waiting = orders.data?.pagination.totalItems;
  const open = alerts.data?.open;
  const total = (waiting ?? 0) + (open ?? 0);
  return (
    <Link
      to="/admin/orders/pending"
      className="flex min-h-16 items-center gap-3 rounded-3xl bg-white p-4 shadow-card hover:bg-brand-50/40 active:bg-brand-50"
    >
      <span
        className={`grid size-10 shrink-0 place-items-center rounded-2xl ${
          total > 0 ? 'bg-amber-50 text-amber-700' : 'bg-brand-50 text-brand-700'
        }`}
      >
        <ClockIcon size={20} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-ink">{t.needsDecisionTitle}</span>
        {waiting === undefined || open === undefined ? (
          orders.isError || alerts.isError ? null : (
            <Skeleton className="mt-1 h-3 w-40" />
          )
        ) : (
          <span className="amount block text-xs text-muted">
            {t.needsDecisionCount
              .replace('{orders}', String(waiting))
              .replace('{alerts}', String(open))}
          </span>
        )}
      </span>
      {total > 0 ? (
        <span className="amount grid min-w-7 place-items-center rounded-full bg-amber-500 px-2 py-0.5 text-xs font-bold text-white">
          {total}
        </span>
      ) : null}
      <ChevronRightIcon size={18} className="shrink-0 text-muted" />
    </Link>
  );
}
