/**
 * What a shareable receipt says, as plain data: the drawing (receipt-image.ts) only lays it out,
 * so the content is tested without a canvas. Rows reuse the detail sheet's wording.
 */
import type { TransactionDto } from '@owo/shared/api-types';
import { formatKobo, parseNairaToKobo } from '@owo/shared/money';
import {
  formatToken,
  isReversed,
  transactionDetailRows,
  transactionKind,
  transactionStatusLabel,
  transactionTitle,
  transferRows,
} from '../transactions';

/** Printed on every receipt a sandbox deployment makes: no real money moved. */
export const SANDBOX_RECEIPT_MARK = 'SANDBOX · No real money moved';

export type ReceiptTone = 'success' | 'pending' | 'failed';

export interface ReceiptLine {
  label: string;
  value: string;
  /** Codes people re-type (references) print in a monospaced face. */
  mono?: boolean;
  /** The status line prints in its status colour. */
  tone?: ReceiptTone;
}

export interface ReceiptContent {
  brand: string;
  heading: string;
  /** "₦1,000.00": receipts print the amount unsigned; the direction is in the heading. */
  amount: string;
  /** What was bought or what happened ("MTN Data 1GB", "Transfer received"). */
  title: string;
  status: { label: string; tone: ReceiptTone };
  /** Prepaid electricity only: the token in groups of four. */
  token?: string;
  lines: ReceiptLine[];
  footer: string;
  fileName: string;
  /** Sandbox deployments only: a mark no one can crop away from the middle of the receipt. */
  sandboxMark?: string;
}

/**
 * Transfers name the other side, masked as on the sheet (decision 0056); betting the platform and
 * account; others use the sheet's rows.
 */
function kindLines(tx: TransactionDto): ReceiptLine[] {
  const meta = tx.metadata as Record<string, unknown>;
  const text = (key: string) => (typeof meta[key] === 'string' ? (meta[key] as string) : '');
  switch (transactionKind(tx)) {
    case 'transfer':
      return transferRows(tx).map(({ label, value }) => ({ label, value }));
    case 'betting':
      return [
        ...(text('billerName') ? [{ label: 'Platform', value: text('billerName') }] : []),
        ...(text('rechargeAccount') ? [{ label: 'User ID', value: text('rechargeAccount') }] : []),
      ];
    default:
      return transactionDetailRows(tx).map(({ label, value }) => ({ label, value }));
  }
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
});

function toneOf(tx: Pick<TransactionDto, 'status' | 'metadata'>): ReceiptTone {
  const { status } = tx;
  // A reversed order's money came back: not the green of a completed sale.
  if (isReversed(tx)) return 'pending';
  if (status === 'failed') return 'failed';
  if (status === 'pending') return 'pending';
  return 'success';
}

export function receiptContent(
  tx: TransactionDto,
  brand: string,
  { sandbox = false }: { sandbox?: boolean } = {},
): ReceiptContent {
  const kobo = parseNairaToKobo(Math.abs(tx.amount).toFixed(2)) ?? 0;
  const created = new Date(tx.createdAt);
  const valid = !Number.isNaN(created.getTime());
  const token =
    transactionKind(tx) === 'electricity' && tx.metadata?.token
      ? formatToken(tx.metadata.token)
      : undefined;
  const safeReference = tx.reference.replace(/[^A-Za-z0-9-]+/g, '-').slice(0, 60);
  return {
    brand,
    heading: tx.type === 'credit' ? 'Money received' : 'Transaction receipt',
    amount: formatKobo(kobo),
    title: transactionTitle(tx),
    status: { label: transactionStatusLabel(tx), tone: toneOf(tx) },
    ...(token ? { token } : {}),
    lines: [
      ...kindLines(tx),
      { label: 'Reference', value: tx.reference, mono: true },
      { label: 'Status', value: transactionStatusLabel(tx), tone: toneOf(tx) },
      ...(valid
        ? [
            { label: 'Date', value: dateFormat.format(created) },
            { label: 'Time', value: timeFormat.format(created) },
          ]
        : []),
    ],
    footer: `Thank you for using ${brand}.`,
    ...(sandbox ? { sandboxMark: SANDBOX_RECEIPT_MARK } : {}),
    fileName: `${brand.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'receipt'}-receipt-${safeReference}.png`,
  };
}
