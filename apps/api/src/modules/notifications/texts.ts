import type { NotificationDto, NotificationKind } from '@owo/shared/notifications';
import { NOTIFICATION_KINDS } from '@owo/shared/notifications';
import { formatKobo, koboToNaira } from '@owo/shared/money';
import { networkDisplayName } from '@owo/shared/networks';
import type { FeedRow } from './repository';

/** "MTN", "GLO", "Airtel", "9mobile": as the networks write themselves. */
const networkName = (network: string | null) => (network ? networkDisplayName(network) : '');

function isKind(kind: string): kind is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

/** What the customer reads for each event: a title and one sentence, amounts in ₦. */
function words(row: FeedRow): { title: string; body: string } {
  const amount = formatKobo(row.amountKobo);
  const what = row.description || 'Your order';
  switch (row.kind) {
    case 'deposit':
      return { title: 'Deposit received', body: `${amount} was added to your wallet.` };
    case 'transfer': {
      const from = String(row.metadata.counterpartyName ?? '') || 'another customer';
      const note = String(row.metadata.note ?? '').trim();
      return {
        title: 'Transfer received',
        body: `${amount} from ${from}${note ? ` — “${note}”` : ''}.`,
      };
    }
    case 'refund':
      return { title: 'Refund received', body: `${amount} is back in your wallet. ${what}.` };
    case 'order_delivered':
      return { title: 'Order completed', body: `${what} (${amount}) was delivered.` };
    case 'order_failed':
      return {
        title: 'Order refunded',
        body: `${what} could not be delivered; ${amount} is back in your wallet.`,
      };
    case 'swap_paid':
      return {
        title: 'Airtime to Cash paid',
        body: `${amount} for your ${formatKobo(row.airtimeKobo ?? 0)} ${networkName(row.network)} airtime was paid to your ${row.payoutMethod === 'bank' ? 'bank account' : 'wallet'}.`,
      };
    case 'swap_rejected':
      return {
        title: 'Airtime to Cash rejected',
        body: `Your ${formatKobo(row.airtimeKobo ?? 0)} ${networkName(row.network)} airtime swap was rejected${row.note ? `: ${row.note}` : '.'}`,
      };
    default:
      return { title: 'Wallet credited', body: `${amount} was added to your wallet.` };
  }
}

export function toNotificationDto(row: FeedRow, readUpTo: Date | null): NotificationDto {
  const at = new Date(Math.round(row.at * 1000));
  return {
    id: row.id,
    kind: isKind(row.kind) ? row.kind : 'credit',
    at: at.toISOString(),
    amount: koboToNaira(row.amountKobo),
    ...words(row),
    read: readUpTo !== null && at.getTime() <= readUpTo.getTime(),
    transactionId: row.transactionId,
    swapId: row.swapRef,
  };
}
