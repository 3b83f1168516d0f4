import type { OperatorAlertDto } from '@owo/shared/api-types';
import { adminMessages as t } from '@owo/shared/admin-messages';
import { Button } from '../../../../components/Button';
import { AlertCircleIcon } from '../../../../components/more-icons';
import { formatDateGB } from '../../shared/format';
import { supplierName } from './decision-format';

/** One operator alert: which supplier refused us, what to fix, when, and the order it met. */
export function AlertCard({
  alert,
  loading,
  onViewOrder,
}: {
  alert: OperatorAlertDto;
  loading: boolean;
  onViewOrder: (transactionId: string) => void;
}) {
  return (
    <article
      aria-label={`${supplierName(alert.supplier)} alert`}
      className="rounded-3xl bg-white p-4 shadow-card"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-2xl bg-red-50 text-danger">
          <AlertCircleIcon size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <p className="truncate text-sm font-semibold text-ink">
              {supplierName(alert.supplier)}
            </p>
            <time dateTime={alert.createdAt} className="shrink-0 text-xs text-muted">
              {formatDateGB(alert.createdAt)}
            </time>
          </div>
          <p className="mt-1 text-sm break-words text-ink">{alert.message}</p>
          {alert.detail && alert.detail !== alert.message ? (
            <p className="mt-1 text-xs break-words text-muted">{alert.detail}</p>
          ) : null}
        </div>
      </div>
      {alert.transactionId ? (
        <div className="mt-3 border-t border-line pt-3">
          <Button
            variant="secondary"
            className="min-h-10 text-sm"
            loading={loading}
            onClick={() => alert.transactionId && onViewOrder(alert.transactionId)}
          >
            {t.alertViewOrder}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
