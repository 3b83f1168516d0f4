import type { ReactNode } from 'react';
import { alertMessages as t, type AlertIncidentDto, type AlertKind } from '@owo/shared/alerts';
import { Button } from '../../../../components/Button';
import { CheckIcon, MailIcon, ShieldIcon } from '../../../../components/icons';
import { ClockIcon, WalletIcon } from '../../../../components/more-icons';
import { ChartIcon } from '../../shared/admin-icons';
import { formatDateGB } from '../../shared/format';

const icons: Record<AlertKind, ReactNode> = {
  orders_pending: <ClockIcon size={20} />,
  supplier_failure_rate: <ChartIcon size={20} />,
  supplier_low_balance: <WalletIcon size={20} />,
  ledger_audit: <ShieldIcon size={20} />,
  adjustments_waiting: <CheckIcon size={20} />,
  refunded_order_delivered: <WalletIcon size={20} />,
};

/**
 * One alert: what holds, since when, whether the admins were mailed, and who acknowledged it
 * (or the button to, for an admin). A cleared one is shown muted, with when it cleared.
 */
export function IncidentCard({
  alert,
  canAcknowledge,
  acknowledging,
  onAcknowledge,
}: {
  alert: AlertIncidentDto;
  canAcknowledge: boolean;
  acknowledging: boolean;
  onAcknowledge: (id: string) => void;
}) {
  const open = alert.clearedAt === null;
  return (
    <article aria-label={alert.summary} className="rounded-3xl bg-white p-4 shadow-card">
      <div className="flex items-start gap-3">
        <span
          className={`grid size-10 shrink-0 place-items-center rounded-2xl ${
            open ? 'bg-red-50 text-danger' : 'bg-surface text-muted'
          }`}
        >
          {icons[alert.kind]}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">
            {t.kindNames[alert.kind]}
          </p>
          <p
            className={`mt-0.5 text-sm font-semibold break-words ${open ? 'text-ink' : 'text-muted'}`}
          >
            {alert.summary}
          </p>
          <p className="mt-1 text-xs text-muted">
            {open
              ? t.opened.replace('{time}', formatDateGB(alert.openedAt))
              : t.clearedAt.replace('{time}', formatDateGB(alert.clearedAt ?? undefined))}
          </p>
        </div>
      </div>
      {open ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
          <span className="inline-flex items-center gap-1.5 text-xs text-muted">
            <MailIcon size={14} />
            {alert.mailed ? t.mailed : t.mailPending}
          </span>
          {alert.acknowledgedBy ? (
            <div className="flex w-full items-start gap-2 rounded-2xl bg-brand-50 px-3 py-2 text-brand-700">
              <CheckIcon size={16} className="mt-0.5 shrink-0" />
              <div className="min-w-0 text-xs">
                <p className="font-semibold">{t.acknowledgedBy}</p>
                <p className="truncate" title={alert.acknowledgedBy}>
                  {alert.acknowledgedBy}
                </p>
              </div>
            </div>
          ) : canAcknowledge ? (
            <Button
              variant="secondary"
              block={false}
              className="min-h-10 px-4 text-sm"
              loading={acknowledging}
              onClick={() => onAcknowledge(alert._id)}
            >
              {t.acknowledge}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
