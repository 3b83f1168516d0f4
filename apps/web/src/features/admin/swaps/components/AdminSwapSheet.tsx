import type { ReactNode } from 'react';
import type { SwapDto } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import { BottomSheet } from '../../../../components/BottomSheet';
import { Button } from '../../../../components/Button';
import { CopyButton } from '../../../../components/CopyButton';
import { CheckIcon } from '../../../../components/icons';
import { AlertCircleIcon } from '../../../../components/more-icons';
import { Spinner } from '../../../../components/Spinner';
import { usePrivateImage } from '../../../../lib/private-image';
import { isAdmin, useSession } from '../../../../lib/session-store';
import { customerName, displayStatus, formatDateGB, naira, statusLook } from './admin-format';
import { StatusPill } from '../../shared/StatusPill';
import type { SwapActions } from './use-swap-actions';

/** One request in full: customer, swap, payment details, screenshot and the allowed actions. */
export function AdminSwapSheet({
  swap,
  actions,
  onClose,
  onViewScreenshot,
}: {
  swap: SwapDto | null;
  actions: SwapActions;
  onClose: () => void;
  onViewScreenshot: (url: string) => void;
}) {
  return (
    <BottomSheet open={swap !== null} onClose={onClose} title="Swap request">
      {swap ? <Details swap={swap} actions={actions} onViewScreenshot={onViewScreenshot} /> : null}
    </BottomSheet>
  );
}

function Details({
  swap,
  actions,
  onViewScreenshot,
}: {
  swap: SwapDto;
  actions: SwapActions;
  onViewScreenshot: (url: string) => void;
}) {
  // Support staff read the request; deciding it is for admins (the server refuses them too).
  const canAct = useSession((s) => isAdmin(s.user));
  const allowed = canAct ? (swap.allowedActions ?? []) : [];
  const status = displayStatus(swap.status);
  const details = swap.accountDetails ?? {};
  const note = swap.note?.trim() || swap.adminNote?.trim() || '';

  return (
    <div className="grid gap-4">
      <div className="rounded-2xl bg-brand-50 px-4 py-4">
        <div className="flex items-center justify-between gap-3">
          <p className="text-xs font-medium text-brand-700">Pay out</p>
          <StatusPill {...statusLook(swap.status)} />
        </div>
        <p className="text-3xl font-bold tracking-tight amount">{naira(swap.expectedPayout)}</p>
        <p className="mt-0.5 text-xs text-muted amount">
          for {naira(swap.amount)} {String(swap.network).toUpperCase()} airtime at {swap.rate}%
        </p>
      </div>

      {status === 'processing' ? (
        <Notice tone="info" icon={<Spinner size={16} />}>
          {messages.swapProcessingPayment}
        </Notice>
      ) : null}
      {status === 'rejected' ? (
        <Notice tone="danger" icon={<AlertCircleIcon size={18} />}>
          <span className="font-semibold">Rejection reason:</span> {note || '—'}
        </Notice>
      ) : null}
      {status === 'completed' ? (
        <Notice tone="success" icon={<CheckIcon size={18} strokeWidth={2.4} />}>
          {messages.swapCompletedSuccessfully}
        </Notice>
      ) : null}

      <Rows
        title="Customer"
        rows={[
          ['Name', customerName(swap)],
          ['Email', swap.userId?.email ?? '', 'stack'],
          ['Phone', swap.userId?.phoneNumber || swap.userPhone],
        ]}
      />
      <Rows
        title="Swap"
        rows={[
          [
            'Reference',
            <span key="ref" className="inline-flex items-center gap-1">
              <span className="font-mono">{swap.swapId}</span>
              <CopyButton value={swap.swapId} label="Reference" className="-my-2 -mr-3" />
            </span>,
          ],
          ['Sent from', swap.userPhone],
          ['Sent to', swap.recipientPhone],
          ['Created', formatDateGB(swap.createdAt)],
          ...(swap.verifiedAt ? [['Verified', formatDateGB(swap.verifiedAt)] as Row] : []),
        ]}
      />
      <Rows
        title={swap.paymentMethod === 'bank' ? 'Bank payout' : 'Wallet payout'}
        rows={
          swap.paymentMethod === 'bank'
            ? [
                ['Bank', details.bank ?? ''],
                ['Account', details.accountNumber ?? ''],
                ['Name', details.accountName ?? ''],
                ...(swap.payoutReference ? [['Payout ref.', swap.payoutReference] as Row] : []),
              ]
            : [['Wallet email', details.walletEmail ?? '', 'stack']]
        }
      />

      <section>
        <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
          Screenshot
        </h3>
        {swap.screenshotUrl ? (
          <button
            type="button"
            onClick={() => onViewScreenshot(swap.screenshotUrl)}
            className="group relative block h-56 w-full overflow-hidden rounded-2xl bg-surface ring-1 ring-line"
            aria-label="View screenshot full size"
          >
            <ScreenshotThumbnail url={swap.screenshotUrl} />
            <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/70 to-transparent px-3 py-2 text-left text-xs font-semibold text-white">
              Tap to view full size
            </span>
          </button>
        ) : (
          <p className="rounded-2xl bg-surface px-4 py-3 text-sm text-muted">Not uploaded yet</p>
        )}
      </section>

      {allowed.length > 0 ? (
        // Pinned to the sheet's bottom edge, so the decision stays in reach while reading; the white
        // shadow covers the sheet's own bottom padding, which sticky positioning leaves open.
        <div className="sticky bottom-0 -mx-5 -mb-2 grid gap-2 border-t border-line bg-white px-5 pt-3 pb-3 shadow-[0_16px_0_0_white]">
          {allowed.includes('complete') ? (
            <Button
              onClick={() => actions.start(swap, 'complete')}
              loading={actions.busy === 'complete'}
              disabled={actions.busy !== null}
            >
              Mark as Completed
            </Button>
          ) : null}
          <div className="grid grid-cols-2 gap-2">
            {allowed.includes('reject') ? (
              <Button
                variant="danger"
                onClick={() => actions.start(swap, 'reject')}
                loading={actions.busy === 'reject'}
                disabled={actions.busy !== null}
              >
                Reject
              </Button>
            ) : null}
            {allowed.includes('approve') ? (
              <Button
                onClick={() => actions.start(swap, 'approve')}
                loading={actions.busy === 'approve'}
                disabled={actions.busy !== null}
                className={allowed.includes('reject') ? '' : 'col-span-2'}
              >
                Approve
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

type Row = [string, ReactNode] | [string, ReactNode, 'stack'];

function Rows({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <section>
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
      <dl className="divide-y divide-line rounded-2xl bg-surface px-4">
        {rows.map(([label, value, stack]) =>
          stack ? (
            <div key={label} className="py-2.5">
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="mt-0.5 text-sm font-medium break-all text-ink">{value}</dd>
            </div>
          ) : (
            <div key={label} className="flex min-h-11 items-center justify-between gap-4 py-2">
              <dt className="shrink-0 text-sm text-muted">{label}</dt>
              <dd className="min-w-0 text-right text-sm font-medium break-words text-ink amount">
                {value}
              </dd>
            </div>
          ),
        )}
      </dl>
    </section>
  );
}

const notices = {
  info: 'bg-violet-50 text-violet-800',
  danger: 'bg-red-50 text-danger',
  success: 'bg-brand-50 text-brand-800',
} as const;

function Notice({
  tone,
  icon,
  children,
}: {
  tone: keyof typeof notices;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <p
      role="status"
      className={`flex items-start gap-2 rounded-2xl px-4 py-3 text-sm ${notices[tone]}`}
    >
      <span className="mt-0.5 shrink-0">{icon}</span>
      <span>{children}</span>
    </p>
  );
}

/** The screenshot inside its button, fetched with the admin's token (decision 0021). */
function ScreenshotThumbnail({ url }: { url: string }) {
  const src = usePrivateImage(url);
  return src ? <img src={src} alt="" className="size-full object-contain py-2" /> : null;
}
