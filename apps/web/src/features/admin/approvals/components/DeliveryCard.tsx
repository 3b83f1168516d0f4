import type { RefundedDeliveryDto } from '@owo/shared/adjustments';
import { adjustmentMessages as t } from '@owo/shared/adjustment-messages';
import { adminMessages } from '@owo/shared/admin-messages';
import { Button } from '../../../../components/Button';
import { formatDateGB, naira } from '../../shared/format';
import { pillTone, StatusPill } from '../../shared/StatusPill';

const tones: Record<string, string> = {
  open: pillTone.bad,
  recovery_requested: pillTone.waiting,
  recovered: pillTone.good,
  written_off: pillTone.closed,
};

/** A refunded order the supplier delivered after all: recover (a debit request) or write off. */
export function DeliveryCard({
  delivery,
  canAct,
  onAct,
}: {
  delivery: RefundedDeliveryDto;
  canAct: boolean;
  onAct: (action: 'recover' | 'write-off') => void;
}) {
  return (
    <article
      aria-label={`${delivery.description} ${delivery.reference}`}
      className="rounded-3xl bg-white p-4 shadow-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold break-words text-ink">{delivery.description}</p>
          <p className="truncate text-xs text-muted">{delivery.reference}</p>
          <p className="mt-1 truncate text-xs text-muted">
            {delivery.user.name || delivery.user.email} ·{' '}
            {adminMessages.supplierNames[delivery.supplier] ?? delivery.supplier}
          </p>
        </div>
        <StatusPill
          label={t.deliveryStatusNames[delivery.status] ?? delivery.status}
          tone={tones[delivery.status] ?? pillTone.closed}
        />
      </div>
      <p className="amount mt-2 text-lg font-semibold text-ink">{naira(delivery.amount)}</p>
      <p className="text-xs text-muted">{formatDateGB(delivery.detectedAt)}</p>
      {delivery.resolvedBy ? (
        <p className="mt-1 text-xs text-muted">
          {delivery.resolvedBy}: {delivery.resolutionReason}
        </p>
      ) : null}
      {delivery.status === 'open' && canAct ? (
        <div className="mt-3 grid grid-cols-2 gap-2 border-t border-line pt-3">
          <Button variant="outline" className="min-h-10 text-sm" onClick={() => onAct('write-off')}>
            {t.writeOff}
          </Button>
          <Button className="min-h-10 text-sm" onClick={() => onAct('recover')}>
            {t.recover}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
