import type { ComponentType } from 'react';
import type { TransactionDto } from '@owo/shared/api-types';
import { formatNaira } from '../lib/money';
import {
  formatDateTime,
  isFailed,
  networkLabel,
  statusLabel,
  transactionStatusLabel,
  isReversed,
  transactionKind,
  transactionTitle,
  type TransactionKind,
} from '../lib/transactions';
import { BrandBadge } from './BrandBadge';
import {
  BoltIcon,
  ChevronRightIcon,
  PhoneIcon,
  PlusIcon,
  ReceiptIcon,
  SendIcon,
  SwapIcon,
  TrophyIcon,
  TvIcon,
  WifiIcon,
} from './icons';
import { AlertCircleIcon, WalletIcon } from './more-icons';

const kindIcons: Record<TransactionKind, { Icon: ComponentType<{ size?: number }>; tint: string }> =
  {
    data: { Icon: WifiIcon, tint: 'bg-brand-50 text-brand-700' },
    airtime: { Icon: PhoneIcon, tint: 'bg-brand-50 text-brand-700' },
    electricity: { Icon: BoltIcon, tint: 'bg-accent-100 text-accent-600' },
    cable: { Icon: TvIcon, tint: 'bg-sky-50 text-sky-700' },
    deposit: { Icon: PlusIcon, tint: 'bg-brand-50 text-brand-700' },
    transfer: { Icon: SendIcon, tint: 'bg-violet-50 text-violet-700' },
    betting: { Icon: TrophyIcon, tint: 'bg-rose-50 text-rose-700' },
    'airtime-to-cash': { Icon: SwapIcon, tint: 'bg-violet-50 text-violet-700' },
    adjustment: { Icon: WalletIcon, tint: 'bg-brand-50 text-brand-700' },
    reversal: { Icon: WalletIcon, tint: 'bg-violet-50 text-violet-700' },
    other: { Icon: ReceiptIcon, tint: 'bg-surface text-ink' },
  };

/** The service's icon; data and airtime show the network's colours. A failed one gets a mark. */
export function TransactionIcon({ tx, size = 40 }: { tx: TransactionDto; size?: number }) {
  const kind = transactionKind(tx);
  const network = kind === 'data' || kind === 'airtime' ? networkLabel(tx.metadata?.network) : null;
  const { Icon, tint } = kindIcons[kind];
  return (
    <span className="relative shrink-0" style={{ width: size, height: size }}>
      {network ? (
        <BrandBadge name={network} size={size} />
      ) : (
        <span
          aria-hidden="true"
          className={`grid size-full place-items-center rounded-full ${tint}`}
        >
          <Icon size={Math.round(size * 0.45)} />
        </span>
      )}
      {isFailed(tx.status) ? (
        <span
          aria-hidden="true"
          className="absolute -right-1 -bottom-1 grid place-items-center rounded-full bg-white text-danger"
        >
          <AlertCircleIcon size={16} strokeWidth={2.4} />
        </span>
      ) : null}
    </span>
  );
}

export function signedAmount(tx: Pick<TransactionDto, 'type' | 'amount'>): string {
  return `${tx.type === 'credit' ? '+' : '−'}${formatNaira(tx.amount)}`;
}

interface TransactionRowProps {
  tx: TransactionDto;
  onOpen: (tx: TransactionDto) => void;
  /** Secondary line under the title; the date and time by default. */
  subtitle?: string;
  /** "status" shows the status under the amount; "seeMore" shows a See more link instead. */
  trailing?: 'status' | 'seeMore';
}

/** One transaction; the whole row opens the detail sheet. */
export function TransactionRow({ tx, onOpen, subtitle, trailing = 'status' }: TransactionRowProps) {
  const failed = isFailed(tx.status);
  const credit = tx.type === 'credit';
  const title = transactionTitle(tx);
  const compact = trailing === 'seeMore';
  return (
    <button
      type="button"
      onClick={() => onOpen(tx)}
      className="-mx-2 flex min-h-16 w-[calc(100%+1rem)] items-center gap-3 rounded-2xl px-2 py-2 text-left transition-colors hover:bg-surface active:bg-brand-50"
    >
      <TransactionIcon tx={tx} />
      {/* Inline-size containment: a long title ("GOtv Smallie - quarterly") truncates in the
          row's width instead of widening every column around the row. */}
      <span className="min-w-0 flex-1 [contain:inline-size]">
        <span
          className={`font-medium text-ink ${compact ? 'block truncate' : 'line-clamp-2 break-words'}`}
        >
          {title}
        </span>
        <span className="block truncate text-xs text-muted">
          {subtitle ?? formatDateTime(tx.createdAt)}
          {compact && failed ? (
            <span className="font-medium text-danger"> · {statusLabel(tx.status)}</span>
          ) : null}
        </span>
      </span>
      <span className="shrink-0 text-right">
        <span
          className={`block font-semibold amount ${
            failed ? 'text-muted line-through decoration-1' : credit ? 'text-brand-700' : 'text-ink'
          }`}
        >
          {signedAmount(tx)}
        </span>
        {compact ? (
          <span className="inline-flex items-center text-xs font-semibold text-brand-700">
            See more
            <ChevronRightIcon size={14} />
          </span>
        ) : (
          <span
            className={`block text-xs font-medium ${
              failed ? 'text-danger' : isReversed(tx) ? 'text-accent-600' : 'text-brand-600'
            }`}
          >
            {transactionStatusLabel(tx)}
          </span>
        )}
      </span>
    </button>
  );
}
