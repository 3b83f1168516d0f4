/** How a swap reads on the customer's screens (spec 02 §2, §4). */
import type { ComponentType } from 'react';
import type { SwapDto } from '@owo/shared/api-types';
import { formatKobo } from '@owo/shared/money';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { ClockIcon } from '../../../components/more-icons';
import type { IconProps } from '../../../components/icons';

export interface StatusLook {
  label: string;
  /** Badge colours. */
  tone: string;
  Icon: ComponentType<IconProps>;
}

/** History labels and colours (spec 02 §4); any other value is shown raw in grey. */
const looks: Record<string, StatusLook> = {
  PENDING_TRANSFER: {
    label: 'Pending Transfer',
    tone: 'bg-amber-50 text-amber-700 ring-amber-200',
    Icon: ClockIcon,
  },
  AWAITING_VERIFICATION: {
    label: 'Awaiting Verification',
    tone: 'bg-sky-50 text-sky-700 ring-sky-200',
    Icon: ClockIcon,
  },
  COMPLETED: {
    label: 'Completed',
    tone: 'bg-brand-50 text-brand-700 ring-brand-200',
    Icon: CheckIcon,
  },
  REJECTED: { label: 'Rejected', tone: 'bg-red-50 text-danger ring-red-200', Icon: CloseIcon },
};

export function statusLook(status: string): StatusLook {
  return (
    looks[status] ?? { label: status, tone: 'bg-surface text-muted ring-line', Icon: ClockIcon }
  );
}

/** "AWAITING VERIFICATION" (the pending swap card: underscores become spaces). */
export const statusText = (status: string) => status.replace(/_/g, ' ');

/**
 * The spec's tabs hold the four statuses it names; ours also places PROCESSING (a bank payout
 * under way) under Pending and CANCELLED under History, so no swap vanishes from the customer's
 * view (decision 0010). Both show their raw value in grey, as the spec does for other values.
 */
export const PENDING_TAB_STATUSES: readonly string[] = [
  'PENDING_TRANSFER',
  'AWAITING_VERIFICATION',
  'PROCESSING',
];
export const HISTORY_TAB_STATUSES: readonly string[] = ['COMPLETED', 'REJECTED', 'CANCELLED'];

/** Naira → "₦1,234.50", through integer kobo. */
export const naira = (value: number) => formatKobo(Math.round(Number(value) * 100));

/**
 * A share of a naira amount (0.6 → 60 %), floored to whole naira as the server does (spec 02 §9
 * "payout floor of amount times 0.6"), computed in integers.
 */
export function payoutAt(amountNaira: number, factor: number): number {
  const percent = Math.round(factor * 100);
  return Math.floor((Math.round(Number(amountNaira)) * percent) / 100);
}

const gbDateTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const usDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const format = (formatter: Intl.DateTimeFormat, iso: string | undefined) => {
  const date = new Date(iso ?? '');
  return Number.isNaN(date.getTime()) ? '—' : formatter.format(date);
};

/** "21 Nov 2026, 14:58" (pending swap, details). */
export const formatDateGB = (iso: string | undefined) => format(gbDateTime, iso);
/** "Nov 21, 2026, 2:58 PM" (history cards). */
export const formatDateUS = (iso: string | undefined) => format(usDate, iso);

export const paymentMethodLabel = (method: SwapDto['paymentMethod'] | '') =>
  method === 'bank' ? 'Bank Account' : 'Wallet';

/** Where a finished swap's note comes from: the customer-facing note, else the admin's. */
export const swapNote = (swap: Pick<SwapDto, 'note' | 'adminNote'>) =>
  swap.note?.trim() || swap.adminNote?.trim() || '';
