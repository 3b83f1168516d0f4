import type { AdminTransactionDto, TransactionStatus } from '@owo/shared/api-types';
import { adminMessages as t } from '@owo/shared/admin-messages';
import { pillTone, StatusPill, type PillLook } from '../../shared/StatusPill';
import { actedLabel } from './action-words';

const looks: Record<TransactionStatus, PillLook> = {
  success: { label: t.filterSuccessful, tone: pillTone.good },
  pending: { label: t.filterPending, tone: pillTone.waiting },
  failed: { label: t.filterFailed, tone: pillTone.bad },
};

export function TxStatusPill({ status }: { status: TransactionStatus }) {
  // An unknown value (a newer server) reads as pending rather than breaking the row.
  return <StatusPill {...(looks[status] ?? looks.pending)} />;
}

/** The status pill and, once an admin has acted on the order, its latest action. */
export function TxStatusBadges({ tx }: { tx: AdminTransactionDto }) {
  const acted = tx.adminActions.at(-1);
  return (
    <>
      <TxStatusPill status={tx.status} />
      {acted ? (
        <span className="rounded-full bg-violet-50 px-2 py-0.5 text-[11px] font-semibold text-violet-700">
          {actedLabel[acted.action]}
        </span>
      ) : null}
    </>
  );
}
