import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TransactionDto, TransactionsReply } from '@owo/shared/api-types';
import { apiRequest, isApiError } from '../lib/api';
import {
  formatDateTime,
  isFailed,
  isReversed,
  transactionDetailRows,
  transactionKind,
  transactionStatusLabel,
  transactionTitle,
} from '../lib/transactions';
import { BottomSheet } from './BottomSheet';
import { Button } from './Button';
import { CopyButton } from './CopyButton';
import { CheckIcon, ChevronRightIcon } from './icons';
import { toast } from '../lib/toast';
import { AlertCircleIcon, ClockIcon, RefreshIcon, ShareIcon } from './more-icons';
import { SupportButton } from './SupportButton';
import { TokenCard } from './TokenCard';
import { signedAmount, TransactionIcon } from './TransactionRow';

interface TransactionDetailSheetProps {
  transaction: TransactionDto | null;
  onClose: () => void;
  /**
   * Whether a reversed order links its refund (and a refund its order), read from the signed-in
   * customer's own history. Off where the sheet shows someone else's row (an admin's view).
   */
  linkRelated?: boolean;
}

/**
 * Spec §2 Home "Transaction detail sheet": amount, type-specific rows, Transaction ID, Status,
 * Date & Time, a Customer Support link and "Transact again".
 */
export function TransactionDetailSheet({
  transaction,
  onClose,
  linkRelated = true,
}: TransactionDetailSheetProps) {
  // The row on show: the one tapped, or the refund (or order) it links to, while that tap lasts.
  const [related, setRelated] = useState<{ from: TransactionDto; tx: TransactionDto } | null>(null);
  const tx = related && related.from === transaction ? related.tx : transaction;
  return (
    <BottomSheet open={transaction !== null} onClose={onClose} title="Transaction details">
      {tx ? (
        <Details
          key={tx._id}
          tx={tx}
          onClose={onClose}
          onOpenRelated={
            linkRelated && transaction
              ? (next) => setRelated({ from: transaction, tx: next })
              : undefined
          }
        />
      ) : null}
    </BottomSheet>
  );
}

/** One of the customer's own rows by its exact reference (the history search matches it). */
async function findByReference(reference: string): Promise<TransactionDto | null> {
  const params = new URLSearchParams({ page: '1', limit: '10', search: reference });
  const reply = await apiRequest<TransactionsReply>(`/transactions?${params.toString()}`);
  return reply.transactions.find((t) => t.reference === reference) ?? null;
}

/**
 * "View refund" on a reversed order, "View original order" on its refund: the other row of the
 * pair opens in the same sheet.
 */
function RelatedLink({
  tx,
  onOpen,
}: {
  tx: TransactionDto;
  onOpen: (related: TransactionDto) => void;
}) {
  const [busy, setBusy] = useState(false);
  const reference = isReversed(tx)
    ? tx.metadata.reversalReference
    : transactionKind(tx) === 'reversal'
      ? tx.metadata.reversalOf
      : undefined;
  if (!reference) return null;
  const label = isReversed(tx) ? 'View refund' : 'View original order';
  const open = async () => {
    setBusy(true);
    try {
      const found = await findByReference(reference);
      if (found) onOpen(found);
      else toast.error('We could not find that transaction. Please try again.');
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void open()}
      disabled={busy}
      className="mt-3 flex min-h-12 w-full items-center gap-3 rounded-2xl bg-accent-100/60 px-4 text-left text-sm font-semibold text-ink hover:bg-accent-100 disabled:opacity-60"
    >
      <RefreshIcon size={18} className="shrink-0 text-accent-600" />
      <span className="flex-1">{label}</span>
      <ChevronRightIcon size={18} className="text-muted" />
    </button>
  );
}

function Details({
  tx,
  onClose,
  onOpenRelated,
}: {
  tx: TransactionDto;
  onClose: () => void;
  onOpenRelated?: (related: TransactionDto) => void;
}) {
  const navigate = useNavigate();
  const failed = isFailed(tx.status);
  const reversed = isReversed(tx);
  const pending = tx.status === 'pending';
  const token = transactionKind(tx) === 'electricity' ? tx.metadata?.token : undefined;

  return (
    <div>
      <div className="flex flex-col items-center text-center">
        <TransactionIcon tx={tx} size={52} />
        <p className="mt-3 text-sm text-muted">{transactionTitle(tx)}</p>
        <p data-testid="detail-amount" className="mt-1 text-3xl font-bold tracking-tight amount">
          {signedAmount(tx)}
        </p>
        <p
          data-testid="detail-status"
          className={`mt-2 inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-semibold ${
            failed
              ? 'bg-danger/10 text-danger'
              : reversed
                ? 'bg-accent-100 text-accent-600'
                : 'bg-brand-50 text-brand-700'
          }`}
        >
          {failed ? (
            <AlertCircleIcon size={14} />
          ) : reversed ? (
            <RefreshIcon size={14} />
          ) : pending ? (
            <ClockIcon size={14} />
          ) : (
            <CheckIcon size={14} />
          )}
          {transactionStatusLabel(tx)}
        </p>
      </div>

      {token ? (
        <div className="mt-5">
          <TokenCard token={token} testId="detail-token" />
        </div>
      ) : null}

      <dl className="mt-5 divide-y divide-line rounded-2xl bg-surface px-4">
        {transactionDetailRows(tx).map((row) => (
          <Row key={row.label} label={row.label} value={row.value} copy={row.copy} />
        ))}
        <Row label="Transaction ID" value={tx.reference} copy mono />
        <div className="flex min-h-12 items-center justify-between gap-4 py-2">
          <dt className="text-sm text-muted">Status</dt>
          <dd
            className={`text-sm font-semibold ${
              failed ? 'text-danger' : reversed ? 'text-accent-600' : 'text-brand-600'
            }`}
          >
            {transactionStatusLabel(tx)}
          </dd>
        </div>
        <Row label="Date & Time" value={formatDateTime(tx.createdAt)} />
      </dl>
      {onOpenRelated ? <RelatedLink tx={tx} onOpen={onOpenRelated} /> : null}

      <ShareReceiptButton tx={tx} />
      <SupportButton
        label="Customer Support"
        className="mt-4 flex min-h-12 w-full items-center justify-center gap-2 rounded-2xl text-sm font-semibold text-brand-700 hover:bg-brand-50"
      />
      <Button
        className="mt-2"
        onClick={() => {
          onClose();
          navigate('/home');
        }}
      >
        Transact again
      </Button>
    </div>
  );
}

/**
 * "Share receipt": the receipt image goes to the share sheet where the browser can share files,
 * or is downloaded. Its code (content, canvas drawing) loads only on this tap.
 */
function ShareReceiptButton({ tx }: { tx: TransactionDto }) {
  const [busy, setBusy] = useState(false);
  const share = async () => {
    setBusy(true);
    try {
      const { shareReceipt } = await import('../lib/receipt/share-receipt');
      if ((await shareReceipt(tx)) === 'downloaded')
        toast.success('Receipt saved to your downloads');
    } catch {
      toast.error('Could not create the receipt. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      className="mt-5"
      loading={busy}
      icon={<ShareIcon size={20} />}
      onClick={() => void share()}
    >
      Share receipt
    </Button>
  );
}

function Row({
  label,
  value,
  copy = false,
  mono = false,
}: {
  label: string;
  value: string;
  copy?: boolean;
  /** Long codes (references) get a line of their own under the label. */
  mono?: boolean;
}) {
  if (mono) {
    return (
      <div className="py-2.5">
        <dt className="text-sm text-muted">{label}</dt>
        <dd className="flex items-center justify-between gap-2">
          <span className="min-w-0 font-mono text-sm font-medium break-all text-ink">{value}</span>
          {copy ? <CopyButton value={value} label={label} className="-mr-3" /> : null}
        </dd>
      </div>
    );
  }
  return (
    <div className="flex min-h-12 items-center justify-between gap-4 py-2">
      <dt className="shrink-0 text-sm text-muted">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 text-right">
        <span className="min-w-0 text-sm font-medium break-words text-ink amount">{value}</span>
        {copy ? <CopyButton value={value} label={label} className="-mr-3" /> : null}
      </dd>
    </div>
  );
}
