import type { TransactionStatus } from '@owo/shared/api-types';
import { adminMessages as t } from '@owo/shared/admin-messages';

const looks: Record<TransactionStatus, { label: string; tone: string }> = {
  success: { label: t.filterSuccessful, tone: 'bg-brand-50 text-brand-700 ring-brand-200' },
  pending: { label: t.filterPending, tone: 'bg-amber-50 text-amber-700 ring-amber-200' },
  failed: { label: t.filterFailed, tone: 'bg-red-50 text-danger ring-red-200' },
};

export function TxStatusPill({ status }: { status: TransactionStatus }) {
  // An unknown value (a newer server) reads as pending rather than breaking the row.
  const { label, tone } = looks[status] ?? looks.pending;
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      {label}
    </span>
  );
}
