/** How a swap reads on the admin screen (spec 02 §4). */
import type { SwapDto } from '@owo/shared/api-types';
import { formatDateGB, naira } from '../../shared/format';
import { pillTone, type PillLook } from '../../shared/StatusPill';

export { formatDateGB, naira };

type Display =
  'pending' | 'awaiting_verification' | 'processing' | 'completed' | 'rejected' | 'cancelled';

/** Server statuses as the screen names them; an unknown value reads as pending (spec 02 §4). */
export function displayStatus(status: string): Display {
  switch (status) {
    case 'AWAITING_VERIFICATION':
      return 'awaiting_verification';
    case 'PROCESSING':
      return 'processing';
    case 'COMPLETED':
      return 'completed';
    case 'REJECTED':
      return 'rejected';
    // Ours: the customer cancelled it (the spec's client has no such state).
    case 'CANCELLED':
      return 'cancelled';
    default:
      return 'pending';
  }
}

const looks: Record<Display, PillLook> = {
  pending: { label: 'Pending', tone: pillTone.waiting },
  awaiting_verification: { label: 'Awaiting Verification', tone: pillTone.checking },
  processing: { label: 'Processing', tone: pillTone.working },
  completed: { label: 'Completed', tone: pillTone.good },
  rejected: { label: 'Rejected', tone: pillTone.bad },
  cancelled: { label: 'Cancelled', tone: pillTone.closed },
};

export const statusLook = (status: string) => looks[displayStatus(status)];

export function customerName(swap: SwapDto): string {
  const name = `${swap.userId?.firstName ?? ''} ${swap.userId?.lastName ?? ''}`.trim();
  return name || swap.userId?.email || 'Customer';
}

/** Search over the loaded page: reference, phone, email and name (spec 02 §2). */
export function matchesSearch(swap: SwapDto, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [
    swap.swapId,
    swap.payoutReference,
    swap.userPhone,
    swap.userId?.phoneNumber,
    swap.userId?.email,
    swap.accountDetails?.walletEmail,
    customerName(swap),
    swap.accountDetails?.accountName,
  ].some((field) => (field ?? '').toLowerCase().includes(needle));
}
