import { SWAP_RATE_PERCENT, type SwapStatus } from '@owo/shared/constants';
import type { SwapAdminAction, SwapPaymentMethod } from '@owo/shared/schemas/airtime-swap';

/**
 * The swap's state machine (docs/decisions/0010), pure: which action may move a swap from which
 * status to which. The service applies a transition only through a conditional UPDATE … WHERE
 * status = <from>, so the first of two racing actors wins and the other is refused.
 *
 *   PENDING_TRANSFER ──upload──▶ AWAITING_VERIFICATION
 *   PENDING_TRANSFER | AWAITING_VERIFICATION ──approve──▶ COMPLETED (wallet payout, paid at once)
 *                                            ──approve──▶ PROCESSING (bank payout, reference given)
 *   PROCESSING ──complete──▶ COMPLETED (bank payout made, reference given)
 *   PENDING_TRANSFER | AWAITING_VERIFICATION ──reject──▶ REJECTED
 *   PENDING_TRANSFER ──cancel (the owner)──▶ CANCELLED
 *
 * COMPLETED, REJECTED and CANCELLED are final. Once the screenshot is uploaded the airtime has
 * been sent: only an admin decides the swap then (approve or reject), never a cancel that would
 * keep the customer's airtime and pay nothing (decision 0054).
 */

export type SwapAction = SwapAdminAction | 'upload' | 'cancel';

/** The statuses that hold the user's one unfinished swap (the partial unique index's list). */
export const OPEN_STATUSES = [
  'PENDING_TRANSFER',
  'AWAITING_VERIFICATION',
  'PROCESSING',
] as const satisfies readonly SwapStatus[];

export const FINAL_STATUSES = [
  'COMPLETED',
  'REJECTED',
  'CANCELLED',
] as const satisfies readonly SwapStatus[];

const BEFORE_VERIFICATION: readonly SwapStatus[] = ['PENDING_TRANSFER', 'AWAITING_VERIFICATION'];

/** The status an action leads to from `from`, or null when the machine refuses it. */
export function nextStatus(
  from: SwapStatus,
  action: SwapAction,
  method: SwapPaymentMethod,
): SwapStatus | null {
  switch (action) {
    case 'upload':
      return from === 'PENDING_TRANSFER' ? 'AWAITING_VERIFICATION' : null;
    case 'cancel':
      return from === 'PENDING_TRANSFER' ? 'CANCELLED' : null;
    case 'reject':
      return BEFORE_VERIFICATION.includes(from) ? 'REJECTED' : null;
    case 'approve':
      if (!BEFORE_VERIFICATION.includes(from)) return null;
      return method === 'wallet' ? 'COMPLETED' : 'PROCESSING';
    case 'complete':
      return from === 'PROCESSING' && method === 'bank' ? 'COMPLETED' : null;
  }
}

const ADMIN_ACTIONS: readonly SwapAdminAction[] = ['approve', 'reject', 'complete'];

/** Whether the owner may still cancel: only before the proof of transfer is uploaded. */
export function ownerCanCancel(status: SwapStatus, method: SwapPaymentMethod): boolean {
  return nextStatus(status, 'cancel', method) !== null;
}

/** What an admin may do to a swap now (the admin screen shows only these buttons). */
export function allowedAdminActions(
  status: SwapStatus,
  method: SwapPaymentMethod,
): SwapAdminAction[] {
  return ADMIN_ACTIONS.filter((action) => nextStatus(status, action, method) !== null);
}

/**
 * Whether the action pays out (moves money in the ledger): approving a wallet payout, completing
 * a bank payout. Exactly the transitions into COMPLETED.
 */
export function paysOut(to: SwapStatus): boolean {
  return to === 'COMPLETED';
}

/** Whether the action needs a payout reference: every step of a bank payout. */
export function needsPayoutReference(action: SwapAction, method: SwapPaymentMethod): boolean {
  return method === 'bank' && (action === 'approve' || action === 'complete');
}

/**
 * The payout for an airtime amount: the spec's "floor of amount times 0.6" in naira (the amount
 * is whole naira, so the payout is too), computed in integers. The rest of the airtime is the
 * margin. ₦101 → ₦60 payout, ₦41 margin.
 */
export function payoutKoboFor(amountKobo: number): number {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0 || amountKobo % 100 !== 0) {
    throw new RangeError(`not a whole-naira amount in kobo: ${amountKobo}`);
  }
  const naira = amountKobo / 100;
  return Math.floor((naira * SWAP_RATE_PERCENT) / 100) * 100;
}
