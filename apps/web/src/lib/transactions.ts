/**
 * How a transaction reads on screen: its kind, title ("MTN Data 1GB", "Airtime 08031234567",
 * "Ikeja Electric", "GOTV Jolli", "Wallet credit") and the rows of the detail sheet. Shared by
 * the home screen and the history screen.
 */
import type { TransactionDto, TransactionStatus } from '@owo/shared/api-types';
import { cableByName, discoById, discoByServiceId } from '@owo/shared/billers';
import { maskEmail, maskName } from '@owo/shared/masking';
import { networkById, networkForVtpassService, NETWORK_NAMES } from '@owo/shared/networks';
import { formatSize, normaliseValidity, parseSizeMb } from '@owo/shared/plan-groups';

export type TransactionKind =
  | 'data'
  | 'airtime'
  | 'electricity'
  | 'cable'
  | 'deposit'
  | 'transfer'
  | 'betting'
  | 'airtime-to-cash'
  | 'adjustment'
  /** Money an admin returned for a delivered order the supplier reversed. */
  | 'reversal'
  | 'other';

const kindAliases: Record<string, TransactionKind> = {
  data: 'data',
  airtime: 'airtime',
  electricity: 'electricity',
  utility: 'electricity',
  cable: 'cable',
  cabletv: 'cable',
  deposit: 'deposit',
  transfer: 'transfer',
  betting: 'betting',
  airtimetocash: 'airtime-to-cash',
  airtimeswap: 'airtime-to-cash',
  adjustment: 'adjustment',
  reversal: 'reversal',
};

export function transactionKind(tx: Pick<TransactionDto, 'serviceType'>): TransactionKind {
  const key = String(tx.serviceType ?? '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  return kindAliases[key] ?? 'other';
}

/** "MTN" from "MTN", "mtn", "mtn-data", "etisalat" or a network id. */
export function networkLabel(value: string | number | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return networkById(Number(text)) ?? null;
  const upper = text.toUpperCase();
  const named = NETWORK_NAMES.find((name) => name === upper);
  return named ?? networkForVtpassService(text.toLowerCase()) ?? upper;
}

function discoLabel(value: string | undefined): string | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return discoById(Number(value))?.name ?? value;
  return discoByServiceId(value.toLowerCase())?.name ?? value;
}

function cableLabel(value: string | undefined): string | null {
  if (!value) return null;
  return cableByName(value)?.cablename ?? value.toUpperCase();
}

/**
 * The plan's size as the plan card names it: "1.0GB" as recorded by the supplier reads "1GB",
 * and a plan recorded by its long name ("MTN N1000 1.5GB - 30 days") shows just its size.
 */
function planSize(size: string | undefined): string {
  if (!size) return '';
  return parseSizeMb(size) !== null ? formatSize(size) : size;
}

export function transactionPhone(tx: Pick<TransactionDto, 'metadata'>): string | null {
  return tx.metadata?.phone || tx.metadata?.mobile_number || null;
}

export function transactionTitle(tx: TransactionDto): string {
  const meta = tx.metadata ?? {};
  const kind = transactionKind(tx);
  switch (kind) {
    case 'data': {
      const network = networkLabel(meta.network);
      return [network, 'Data', planSize(meta.plan?.size)].filter(Boolean).join(' ');
    }
    case 'airtime': {
      const phone = transactionPhone(tx);
      return phone ? `Airtime ${phone}` : 'Airtime';
    }
    case 'electricity':
      return discoLabel(meta.disco) ?? 'Electricity';
    case 'cable': {
      const provider = cableLabel(meta.cablename);
      const pack = meta.package ?? '';
      // "DStv Yanga" already names its provider; "Jolli" needs it ("GOTV Jolli").
      if (provider && pack.toUpperCase().startsWith(provider)) return pack;
      return [provider, pack].filter(Boolean).join(' ') || 'Cable TV';
    }
    case 'deposit':
      return tx.type === 'credit' ? 'Wallet funding' : 'Deposit';
    case 'transfer':
      return tx.type === 'credit' ? 'Transfer received' : 'Transfer sent';
    case 'betting':
      return 'Betting top-up';
    case 'airtime-to-cash':
      return 'Airtime to Cash';
    case 'adjustment':
      return tx.type === 'credit' ? 'Wallet credit' : 'Wallet debit';
    case 'reversal':
      return 'Reversal';
    default:
      return tx.description || (tx.type === 'credit' ? 'Wallet credit' : 'Payment');
  }
}

export interface DetailRow {
  label: string;
  value: string;
  /** Show a copy button (tokens, references, numbers people re-type). */
  copy?: boolean;
}

/** The type-specific rows of the detail sheet (spec §2 Home "Transaction detail sheet"). */
export function transactionDetailRows(tx: TransactionDto): DetailRow[] {
  const meta = tx.metadata ?? {};
  const rows: (DetailRow | null)[] = [];
  const row = (label: string, value: string | null | undefined, copy = false) =>
    value ? { label, value: String(value), ...(copy ? { copy } : {}) } : null;
  switch (transactionKind(tx)) {
    case 'data': {
      const validity = meta.plan?.validity
        ? (normaliseValidity(meta.plan.validity) ?? meta.plan.validity)
        : normaliseValidity(meta.plan?.name ?? meta.plan?.size ?? '');
      const plan = [planSize(meta.plan?.size), validity].filter(Boolean).join(' · ');
      rows.push(
        row('Network', networkLabel(meta.network)),
        row('Plan', plan || meta.plan?.name),
        row('Phone', transactionPhone(tx)),
      );
      break;
    }
    case 'airtime':
      rows.push(row('Network', networkLabel(meta.network)), row('Phone', transactionPhone(tx)));
      break;
    case 'electricity':
      rows.push(
        row('Disco', discoLabel(meta.disco)),
        row('Meter type', meta.meterType ? capitalise(meta.meterType) : null),
        row('Meter number', meta.meter_number, true),
        row('Customer', meta.customerName),
        row('Units', meta.units),
      );
      break;
    case 'cable':
      rows.push(
        row('Provider', cableLabel(meta.cablename)),
        row('Package', meta.package),
        row('Card number', meta.smart_card_number, true),
        row('Customer', meta.customerName),
      );
      break;
    case 'reversal':
      rows.push(
        row('For', tx.description.replace(/^Reversal: /, '')),
        row('Original reference', meta.reversalOf, true),
      );
      break;
    case 'transfer':
      rows.push(...transferRows(tx));
      break;
    default:
      rows.push(row('Note', meta.note || tx.description));
  }
  const kept = rows.filter((r): r is DetailRow => r !== null);
  // A reversed order names the refund that returned its money (its own sheet links back).
  if (isReversed(tx))
    kept.push({ label: 'Refund reference', value: String(meta.reversalReference), copy: true });
  return kept;
}

/**
 * Who is on the other side of a transfer, masked as banks do (decision 0056): the recipient on
 * the sender's row, the sender on the recipient's, then the narration.
 */
export function transferRows(tx: TransactionDto): DetailRow[] {
  const meta = tx.metadata as Record<string, unknown>;
  const text = (key: string) => (typeof meta[key] === 'string' ? (meta[key] as string).trim() : '');
  const received = tx.type === 'credit';
  const name = maskName(text('counterpartyName'));
  const email = maskEmail(text('counterpartyEmail'));
  const rows: DetailRow[] = [];
  if (name || email) rows.push({ label: received ? 'From' : 'Recipient', value: name || email });
  if (name && email)
    rows.push({ label: received ? 'Sender e-mail' : 'Recipient e-mail', value: email });
  if (text('note')) rows.push({ label: 'Narration', value: text('note') });
  return rows;
}

/** A delivered order an admin or the supplier took back: its money came back as a refund. */
export function isReversed(tx: Pick<TransactionDto, 'metadata' | 'status'>): boolean {
  return (
    tx.status === 'success' && Boolean(tx.metadata?.reversedAt && tx.metadata.reversalReference)
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

/** Spec §4: "failed" is red, anything else green; pending still says so in words. */
export function statusLabel(status: TransactionStatus | string): string {
  if (status === 'failed') return 'Failed';
  if (status === 'pending') return 'Pending';
  return 'Successful';
}

export const isFailed = (status: string) => status === 'failed';

/** The status a transaction reads: a reversed order says "Reversed", not "Successful". */
export function transactionStatusLabel(tx: Pick<TransactionDto, 'metadata' | 'status'>): string {
  return isReversed(tx) ? 'Reversed' : statusLabel(tx.status);
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const shortDateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const timeOnly = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

/** "21 Nov, 12:42": the home list's compact date. */
export function formatShortDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : shortDateTime.format(date);
}

export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeOnly.format(date);
}

/** "Today", "Yesterday" or "Mon, 3 Nov 2026": the history list's day headings. */
export function formatDay(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const diffDays = Math.round((startOf(now) - startOf(date)) / 86_400_000);
  if (diffDays === 0) return 'Today';
  if (diffDays === 1) return 'Yesterday';
  return dayFormat.format(date);
}

/** Token digits in groups of four, as printed on a prepaid receipt. */
export function formatToken(token: string): string {
  const digits = token.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? (digits.match(/.{1,4}/g) ?? [digits]).join('-') : token;
}
