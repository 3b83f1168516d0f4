import type { BettingStatsTransaction } from '@owo/shared/api-types';
import { adminMessages as t } from '@owo/shared/admin-messages';
import { TrophyIcon } from '../../../../components/icons';
import { formatDateGB, naira } from '../../shared/format';
import { pillTone, StatusPill, type PillLook } from '../../shared/StatusPill';

const looks: Record<BettingStatsTransaction['status'], PillLook> = {
  success: { label: t.statusSuccess, tone: pillTone.good },
  failed: { label: t.statusFailed, tone: pillTone.bad },
  pending: { label: t.statusPending, tone: pillTone.waiting },
};

/** One betting order: who, which platform and account, the money, and when (en-GB). */
export function BettingTransactionCard({ tx }: { tx: BettingStatsTransaction }) {
  const name = tx.user.name || tx.user.email || 'Customer';
  return (
    <article
      aria-label={`Betting transaction ${tx.reference}`}
      className="rounded-3xl bg-white p-4 shadow-card"
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700"
        >
          <TrophyIcon size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{name}</p>
          <p className="truncate text-xs text-muted">{tx.user.email}</p>
        </div>
        {/* An unknown value (a newer server) reads as pending rather than breaking the card. */}
        <StatusPill {...(looks[tx.status] ?? looks.pending)} />
      </div>

      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted">Platform</dt>
        <dd className="truncate text-right font-medium">{tx.billerName ?? '—'}</dd>
        <dt className="text-muted">Account</dt>
        <dd className="truncate text-right font-medium amount">{tx.account || '—'}</dd>
        <dt className="text-muted">Reference</dt>
        <dd className="truncate text-right font-mono text-[11px]">{tx.reference}</dd>
      </dl>

      <div className="mt-3 grid grid-cols-3 gap-2 rounded-2xl bg-surface px-3 py-2.5">
        <Figure label="Amount" value={naira(tx.amount)} strong />
        <Figure label="Selling" value={naira(tx.sellingPrice)} />
        <Figure
          label="Profit"
          value={naira(tx.profit)}
          tone={tx.profit > 0 ? 'text-brand-700' : undefined}
        />
      </div>

      <div className="mt-3 flex flex-wrap justify-between gap-x-3 gap-y-0.5 text-[11px] text-muted">
        <span>
          Created <time dateTime={tx.createdAt}>{formatDateGB(tx.createdAt)}</time>
        </span>
        {tx.completedAt ? (
          <span>
            Completed <time dateTime={tx.completedAt}>{formatDateGB(tx.completedAt)}</time>
          </span>
        ) : null}
      </div>
    </article>
  );
}

function Figure({
  label,
  value,
  strong = false,
  tone,
}: {
  label: string;
  value: string;
  strong?: boolean;
  tone?: string;
}) {
  return (
    <div className="min-w-0">
      <p className="text-[11px] text-muted">{label}</p>
      <p
        className={`truncate text-sm amount ${strong ? 'font-bold' : 'font-semibold'} ${tone ?? ''}`}
      >
        {value}
      </p>
    </div>
  );
}
