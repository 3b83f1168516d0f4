import type { AdjustmentRequestDto } from '@owo/shared/adjustments';
import { adjustmentMessages as t, fillAdjustmentText } from '@owo/shared/adjustment-messages';
import { Button } from '../../../../components/Button';
import { formatDateGB, naira } from '../../shared/format';
import { pillTone, StatusPill } from '../../shared/StatusPill';

const tones: Record<string, string> = {
  pending: pillTone.waiting,
  approved: pillTone.good,
  rejected: pillTone.closed,
};

/**
 * One credit or debit request: who asked, for whom, how much and why, the wallet now against
 * its cap; Approve and Reject for an admin who may decide it (never the requester, never the
 * wallet's owner: the card says why instead).
 */
export function RequestCard({
  request,
  viewerId,
  canDecide,
  onDecide,
}: {
  request: AdjustmentRequestDto;
  viewerId: string | undefined;
  canDecide: boolean;
  onDecide: (action: 'approve' | 'reject') => void;
}) {
  const pending = request.status === 'pending';
  const own = request.requestedById !== null && request.requestedById === viewerId;
  const ownWallet = request.user._id === viewerId;
  const label = `${t.directionNames[request.direction]} ${naira(request.amount)}`;
  return (
    <article
      aria-label={`${label} for ${request.user.email}`}
      className="rounded-3xl bg-white p-4 shadow-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">
            {t.directionNames[request.direction]}
          </p>
          <p className="amount mt-0.5 text-lg font-semibold text-ink">{naira(request.amount)}</p>
          <p className="truncate text-sm text-ink" title={request.user.email}>
            {request.user.name || request.user.email}
          </p>
          <p className="truncate text-xs text-muted">{request.user.email}</p>
        </div>
        <StatusPill
          label={t.statusNames[request.status] ?? request.status}
          tone={tones[request.status] ?? pillTone.closed}
        />
      </div>
      <p className="mt-3 rounded-2xl bg-surface px-3 py-2 text-sm break-words text-ink">
        {request.reason}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-xs text-muted">
        <div>
          <dt>Wallet now</dt>
          <dd className="amount font-semibold text-ink">{naira(request.balance)}</dd>
        </div>
        <div>
          <dt>Balance cap</dt>
          <dd className="amount font-semibold text-ink">{naira(request.balanceCap)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-muted">
        {fillAdjustmentText(t.requestedBy, { who: request.requestedBy })} ·{' '}
        {formatDateGB(request.requestedAt)}
      </p>
      {request.decidedBy ? (
        <p className="mt-1 text-xs text-muted">
          {fillAdjustmentText(t.decidedBy, {
            status: t.statusNames[request.status] ?? request.status,
            who: request.decidedBy,
          })}
          {request.decisionReason ? `: ${request.decisionReason}` : ''}
        </p>
      ) : null}
      {pending && canDecide ? (
        own || ownWallet ? (
          <p className="mt-3 border-t border-line pt-3 text-xs text-muted">
            {own ? t.yourRequest : t.ownWalletHint}
          </p>
        ) : (
          <div className="mt-3 grid grid-cols-2 gap-2 border-t border-line pt-3">
            <Button
              variant="outline"
              className="min-h-10 text-sm"
              onClick={() => onDecide('reject')}
            >
              {t.reject}
            </Button>
            <Button className="min-h-10 text-sm" onClick={() => onDecide('approve')}>
              {t.approve}
            </Button>
          </div>
        )
      ) : null}
    </article>
  );
}
