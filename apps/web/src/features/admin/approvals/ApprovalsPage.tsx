import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdjustmentRequestDto, RefundedDeliveryDto } from '@owo/shared/adjustments';
import { adjustmentMessages as t, fillAdjustmentText } from '@owo/shared/adjustment-messages';
import { EmptyState } from '../../../components/EmptyState';
import { ScreenHeader } from '../../../components/ScreenHeader';
import { CheckIcon } from '../../../components/icons';
import { messageOr } from '../../../lib/api-errors';
import { isAdmin, useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import { CardsSkeleton, LoadError, SectionTitle } from '../needs-decision/components/SectionState';
import { naira } from '../shared/format';
import { pillTone, StatusPill } from '../shared/StatusPill';
import {
  decideRequest,
  resolveDelivery,
  useAdjustmentRequests,
  useRefundedDeliveries,
} from './api/approvals-api';
import { DecisionDialog, type DecisionKind } from './components/DecisionDialog';
import { DeliveryCard } from './components/DeliveryCard';
import { RequestCard } from './components/RequestCard';

type Open =
  | { kind: 'approve' | 'reject'; request: AdjustmentRequestDto }
  | { kind: 'recover' | 'write-off'; delivery: RefundedDeliveryDto };

/** The cap warning an approval shows for a credit that would pass it, else null. */
function overCapOf(request: AdjustmentRequestDto): string | null {
  if (request.direction !== 'credit') return null;
  const after = Math.round((request.balance + request.amount) * 100) / 100;
  if (after <= request.balanceCap) return null;
  return fillAdjustmentText(t.overCapWarning, {
    after: naira(after),
    cap: naira(request.balanceCap),
  });
}

/**
 * Approvals (/admin/approvals, decision 0047): staff credits and debits waiting for a second
 * admin, oldest first, with Approve and Reject; then refunded orders a supplier delivered after
 * all (decision 0048), to recover or write off; then the last decided requests. Support staff
 * read everything; only an admin decides, and never their own request or wallet (the server
 * checks all of it).
 */
export function ApprovalsPage() {
  const client = useQueryClient();
  const viewer = useSession((s) => s.user);
  const canDecide = isAdmin(viewer);
  const pending = useAdjustmentRequests('pending');
  const decided = useAdjustmentRequests('decided');
  const deliveries = useRefundedDeliveries();
  const [open, setOpen] = useState<Open | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const waiting = pending.data?.data.requests ?? [];
  const done = (decided.data?.data.requests ?? []).slice(0, 10);
  const refunds = deliveries.data?.data.deliveries ?? [];

  const close = () => {
    setOpen(null);
    setError(null);
  };
  const confirm = async (input: { reason: string; overrideCap: boolean }) => {
    if (!open || busy) return;
    setBusy(true);
    setError(null);
    try {
      let reply: { message: string };
      if ('request' in open) {
        reply = await decideRequest(
          client,
          open.request._id,
          open.kind === 'reject'
            ? { action: 'reject', reason: input.reason }
            : {
                action: 'approve',
                ...(input.overrideCap ? { overrideCap: true, reason: input.reason } : {}),
              },
        );
      } else {
        reply = await resolveDelivery(client, open.delivery._id, open.kind, input.reason);
      }
      toast.success(reply.message);
      close();
    } catch (failure) {
      setError(messageOr(failure, 'Something went wrong'));
    } finally {
      setBusy(false);
    }
  };

  const dialogText = (o: Open): string => {
    if (!('request' in o)) return o.kind === 'recover' ? t.recoverText : t.writeOffText;
    const r = o.request;
    return `${t.directionNames[r.direction]} ${naira(r.amount)} · ${r.user.email} · ${r.reason}`;
  };

  return (
    <main className="mx-auto min-h-dvh max-w-md overflow-x-clip bg-surface pb-10">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] backdrop-blur">
        <ScreenHeader title={t.title} backTo="/admin/dashboard" />
      </div>
      <div className="grid grid-cols-1 gap-8 px-5 pt-1">
        <section
          aria-labelledby="approvals-pending"
          aria-busy={pending.isFetching || undefined}
          className="grid gap-3"
        >
          <SectionTitle
            id="approvals-pending"
            title={t.pendingTitle}
            aside={
              waiting.length > 0 ? (
                <StatusPill label={String(waiting.length)} tone={pillTone.waiting} />
              ) : undefined
            }
          />
          <p className="text-sm text-muted">{t.intro}</p>
          {pending.isPending ? (
            <CardsSkeleton withFooter />
          ) : pending.isError && !pending.data ? (
            <LoadError title={t.loadFailed} onRetry={() => void pending.refetch()} />
          ) : waiting.length === 0 ? (
            <EmptyState
              icon={<CheckIcon size={26} />}
              title={t.noneWaiting}
              text={t.noneWaitingText}
            />
          ) : (
            <ul className="grid grid-cols-1 gap-3">
              {waiting.map((request) => (
                <li key={request._id}>
                  <RequestCard
                    request={request}
                    viewerId={viewer._id}
                    canDecide={canDecide}
                    onDecide={(kind) => setOpen({ kind, request })}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="approvals-deliveries" className="grid gap-3">
          <SectionTitle id="approvals-deliveries" title={t.deliveriesTitle} />
          <p className="text-sm text-muted">{t.deliveriesIntro}</p>
          {deliveries.isPending ? (
            <CardsSkeleton withFooter={false} />
          ) : deliveries.isError && !deliveries.data ? (
            <LoadError title={t.loadFailed} onRetry={() => void deliveries.refetch()} />
          ) : refunds.length === 0 ? (
            <p className="rounded-3xl bg-white p-4 text-sm text-muted shadow-card">
              {t.noDeliveries}
            </p>
          ) : (
            <ul className="grid grid-cols-1 gap-3">
              {refunds.map((delivery) => (
                <li key={delivery._id}>
                  <DeliveryCard
                    delivery={delivery}
                    canAct={canDecide}
                    onAct={(kind) => setOpen({ kind, delivery })}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>

        {done.length > 0 ? (
          <section aria-labelledby="approvals-decided" className="grid gap-3">
            <SectionTitle id="approvals-decided" title={t.decidedTitle} />
            <ul className="grid grid-cols-1 gap-3">
              {done.map((request) => (
                <li key={request._id}>
                  <RequestCard
                    request={request}
                    viewerId={viewer._id}
                    canDecide={false}
                    onDecide={() => undefined}
                  />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      {open ? (
        <DecisionDialog
          kind={open.kind as DecisionKind}
          text={dialogText(open)}
          overCap={'request' in open && open.kind === 'approve' ? overCapOf(open.request) : null}
          error={error}
          busy={busy}
          onCancel={close}
          onConfirm={(input) => void confirm(input)}
        />
      ) : null}
    </main>
  );
}
