import type { ReactNode } from 'react';
import type { AdminTransactionDto, OrderAction } from '@owo/shared/api-types';
import { adminMessages as t } from '@owo/shared/admin-messages';
import { BottomSheet } from '../../../../components/BottomSheet';
import { Button } from '../../../../components/Button';
import { CopyButton } from '../../../../components/CopyButton';
import { signedAmount, TransactionIcon } from '../../../../components/TransactionRow';
import { isAdmin, useSession } from '../../../../lib/session-store';
import { transactionTitle } from '../../../../lib/transactions';
import { formatDateGB, naira } from '../../shared/format';
import { actedLabel, actionLabel, customerName } from './action-words';
import { TxStatusBadges, TxStatusPill } from './TxStatusPill';

const SUPPLIER_NAMES: Record<string, string> = {
  vtpass: 'VTpass',
  datastation: 'DataStation',
  ogdams: 'Ogdams',
  palmpay: 'PalmPay',
  safehaven: 'Safe Haven',
};

const SUPPLIER_STATES: Record<NonNullable<AdminTransactionDto['order']>['state'], string> = {
  processing: 'Processing',
  pending: 'Awaiting supplier',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** The popup: Profile, Transaction detail, earlier admin actions, and what the server allows. */
export function AdminTransactionSheet({
  tx,
  busy,
  onAction,
  onClose,
}: {
  tx: AdminTransactionDto | null;
  busy: OrderAction | null;
  onAction: (tx: AdminTransactionDto, action: OrderAction) => void;
  onClose: () => void;
}) {
  return (
    <BottomSheet open={tx !== null} onClose={onClose} title={tx ? transactionTitle(tx) : ''}>
      {tx ? <SheetBody tx={tx} busy={busy} onAction={onAction} /> : null}
    </BottomSheet>
  );
}

function SheetBody({
  tx,
  busy,
  onAction,
}: {
  tx: AdminTransactionDto;
  busy: OrderAction | null;
  onAction: (tx: AdminTransactionDto, action: OrderAction) => void;
}) {
  const order = tx.order;
  // Support staff read the order; Approve, Refund and Reverse are for admins (the server agrees).
  const canAct = useSession((s) => isAdmin(s.user));
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex items-center gap-3 rounded-3xl bg-surface p-4">
        <TransactionIcon tx={tx} size={44} />
        <div className="min-w-0 flex-1">
          <p
            className={`amount text-xl font-bold ${tx.type === 'credit' ? 'text-brand-700' : 'text-ink'}`}
          >
            {signedAmount(tx)}
          </p>
          <p className="text-xs text-muted">{formatDateGB(tx.createdAt)}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <TxStatusBadges tx={tx} />
        </div>
      </div>

      <Section title={t.profile}>
        <Row label="Name" value={customerName(tx.user)} />
        <Row label="Email" value={tx.user.email} />
        <Row label="Phone" value={tx.user.phoneNumber || '—'} />
      </Section>

      <Section title={t.transactionDetail}>
        <Row
          label="Reference"
          value={
            <span className="inline-flex items-center gap-1">
              <span className="font-mono text-xs break-all">{tx.reference}</span>
              <CopyButton value={tx.reference} label="Reference" />
            </span>
          }
        />
        <Row label="Service" value={tx.description || transactionTitle(tx)} />
        <Row label="Amount" value={<span className="amount">{naira(tx.amount)}</span>} />
        <Row label="Status" value={<TxStatusPill status={tx.status} />} />
        <Row label="Date" value={formatDateGB(tx.createdAt)} />
        {order ? (
          <>
            <Row label="Supplier" value={SUPPLIER_NAMES[order.supplier] ?? order.supplier} />
            <Row label="Supplier state" value={SUPPLIER_STATES[order.state] ?? order.state} />
            <Row label="Supplier reference" value={order.supplierReference || '—'} />
            <Row
              label="Cost price"
              value={<span className="amount">{naira(order.costPrice)}</span>}
            />
          </>
        ) : null}
        {tx.metadata.reversalOf ? <Row label="Reversal of" value={tx.metadata.reversalOf} /> : null}
      </Section>

      {tx.adminActions.length > 0 ? (
        <Section title="Admin actions">
          <ul className="grid gap-2 py-1">
            {tx.adminActions.map((a) => (
              <li key={`${a.action}-${a.at}`} className="rounded-2xl bg-violet-50 px-3 py-2">
                <p className="text-sm font-semibold text-violet-800">
                  {actedLabel[a.action]}{' '}
                  <span className="font-normal text-violet-700">by {a.by}</span>
                </p>
                <p className="text-xs text-violet-700">{formatDateGB(a.at)}</p>
                {a.reason ? <p className="mt-1 text-sm text-ink">{a.reason}</p> : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {canAct && tx.allowedActions.length > 0 ? (
        // Kept in view at the sheet's foot: the detail above can be long.
        <div className="sticky bottom-0 -mx-5 grid grid-cols-2 gap-3 border-t border-line bg-white px-5 pt-3 pb-1">
          {tx.allowedActions.map((action) => (
            <Button
              key={action}
              variant={action === 'approve' ? 'primary' : 'danger'}
              className={tx.allowedActions.length === 1 ? 'col-span-2' : ''}
              loading={busy === action}
              disabled={busy !== null}
              onClick={() => onAction(tx, action)}
            >
              {actionLabel[action]}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-3xl border border-line p-4">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
      <dl className="divide-y divide-line">{children}</dl>
    </section>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2">
      <dt className="shrink-0 text-sm text-muted">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-medium break-words text-ink">{value}</dd>
    </div>
  );
}
