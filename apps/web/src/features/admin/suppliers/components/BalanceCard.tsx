import type { SupplierBalanceDto, SupplierWebhookDto } from '@owo/shared/suppliers';
import { formatDateGB, naira } from '../../shared/format';
import { StatusPill, pillTone } from '../../shared/StatusPill';
import { suppliersTexts as t } from '../suppliers-texts';

/** "SH" for Safe Haven, "VT" for VTpass: two letters either way. */
const initials = (name: string) => {
  const words = name.split(/\s+/);
  return (words.length > 1 ? words.map((w) => w[0]).join('') : name).slice(0, 2).toUpperCase();
};

/** One supplier wallet: its balance, whether it is below its threshold, and the threshold. */
export function BalanceCard({
  balance,
  canEdit,
  onEdit,
}: {
  balance: SupplierBalanceDto;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const known = balance.balance !== null;
  const pill = !known
    ? { label: t.unavailable, tone: pillTone.closed }
    : balance.low
      ? { label: t.lowBalance, tone: pillTone.bad }
      : { label: t.healthy, tone: pillTone.good };
  return (
    <article
      aria-label={`${balance.name} wallet`}
      data-low={balance.low || undefined}
      className={`rounded-3xl bg-white p-4 shadow-card ${balance.low ? 'ring-1 ring-red-200' : ''}`}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={`grid size-10 shrink-0 place-items-center rounded-2xl text-sm font-bold ${
            balance.low ? 'bg-red-50 text-danger' : 'bg-brand-50 text-brand-700'
          }`}
        >
          {initials(balance.name)}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <p className="truncate text-sm font-semibold text-ink">{balance.name}</p>
            <p
              className={`shrink-0 text-base font-semibold tabular-nums ${
                balance.low ? 'text-danger' : 'text-ink'
              }`}
              data-testid="supplier-balance"
            >
              {known ? naira(balance.balance!) : '—'}
            </p>
          </div>
          <div className="mt-1 flex items-center justify-between gap-2">
            <p className="truncate text-xs text-muted">{balance.role}</p>
            <StatusPill {...pill} />
          </div>
          {!known && balance.error ? (
            <p className="mt-2 text-xs break-words text-muted">
              {t.balanceUnknown}: {balance.error}
            </p>
          ) : null}
        </div>
      </div>
      {balance.webhook ? <WebhookStatus webhook={balance.webhook} /> : null}
      <div className="mt-3 flex min-h-9 items-center justify-between gap-3 border-t border-line pt-3">
        <p className="text-xs text-muted tabular-nums">
          {balance.lowBalanceThreshold > 0
            ? t.warnBelow(naira(balance.lowBalanceThreshold))
            : t.warningOff}
        </p>
        {canEdit ? (
          <button
            type="button"
            onClick={onEdit}
            aria-label={`${t.editThreshold} ${balance.name} threshold`}
            className="min-h-9 rounded-xl px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 active:bg-brand-100"
          >
            {t.editThreshold}
          </button>
        ) : null}
      </div>
    </article>
  );
}

/** Whether the supplier's signed webhooks verify with our key (decision 0045). */
function WebhookStatus({ webhook }: { webhook: SupplierWebhookDto }) {
  return (
    <div className="mt-2 space-y-1 text-xs" data-testid="supplier-webhook">
      <p className={webhook.verifiedAt ? 'text-muted' : 'font-semibold text-danger'}>
        {webhook.verifiedAt
          ? t.webhookVerified(formatDateGB(webhook.verifiedAt))
          : t.webhookNotVerified}
      </p>
      {webhook.heldFromRouting ? <p className="text-danger">{t.webhookHeld}</p> : null}
      {webhook.refusedCount > 0 && webhook.lastRefusedAt ? (
        <p className="break-words text-danger">
          {t.webhookRefused(webhook.refusedCount, formatDateGB(webhook.lastRefusedAt))}
        </p>
      ) : null}
    </div>
  );
}
