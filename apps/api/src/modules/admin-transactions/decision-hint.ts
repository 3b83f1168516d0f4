/**
 * Why an open order is in the admin's needs-a-decision queue, and what to check before Approve or
 * Refund, from what the order knows: its supplier, the supplier's id (when a reply gave one), how
 * often it was requeried and the last answer. Plain texts for the admin screen; the supplier's own
 * dashboard or statement is the only place some of these orders can be settled from.
 */
export interface DecisionHint {
  why: string;
  check: string;
}

export interface HintInput {
  supplier: string;
  supplierRequestId: string;
  supplierReference: string | null;
  attempts: number;
  lastDescription: string;
  needsDecisionAt: Date | null;
}

const SUPPLIER_NAMES: Record<string, string> = {
  vtpass: 'VTpass',
  datastation: 'DataStation',
  ogdams: 'Ogdams',
  palmpay: 'PalmPay',
  safehaven: 'Safe Haven',
};

export function decisionHint(order: HintInput, afterHours: number): DecisionHint {
  const name = SUPPLIER_NAMES[order.supplier] ?? order.supplier;
  const last = order.lastDescription ? ` Last answer: ${order.lastDescription}` : '';
  const ours = order.supplierRequestId;
  const theirs = order.supplierReference;
  if (order.needsDecisionAt && order.supplier === 'safehaven' && !theirs) {
    return {
      why: `Safe Haven's reply to the payment was lost (or refused without a transaction id), and Safe Haven documents no lookup by anything we send, so no requery can settle it.${last}`,
      check:
        "Look for a VAS debit of this amount, to this number, around the order's time on our Safe Haven account statement (or its VAS transactions). No such debit: Refund. A debit: the customer was served; ask Safe Haven support for the transaction before deciding.",
    };
  }
  const why = `No final answer from ${name} after ${order.attempts} requer${order.attempts === 1 ? 'y' : 'ies'} in ${afterHours} h.${last}`;
  switch (order.supplier) {
    case 'vtpass':
      return {
        why,
        check: `Search request id ${ours} on the VTpass dashboard (Transactions). Delivered: Approve. Failed or reversed to our wallet: Refund.`,
      };
    case 'palmpay':
      return {
        why,
        check: `Find merchant order ${ours}${theirs ? ` (PalmPay order ${theirs})` : ''} in the PalmPay merchant dashboard. Success: Approve. Failed, or no such order after the create call: Refund.`,
      };
    case 'datastation':
      return {
        why,
        check: `Find ${theirs ? `DataStation id ${theirs}` : `our ident ${ours}`} in the DataStation order history. Successful: Approve. Failed or not there at all: Refund.`,
      };
    case 'safehaven':
      return {
        why,
        check: `Look up Safe Haven VAS transaction ${theirs ?? '(no id)'} on the Safe Haven dashboard or statement. Successful: Approve. Not debited: Refund.`,
      };
    case 'ogdams':
      return {
        why,
        check: `Find reference ${theirs ?? ours} in the Ogdams dashboard history (Ogdams has no status lookup; its webhook settles orders). Delivered: Approve. Failed: Refund.`,
      };
    default:
      return { why, check: `Check the order with ${name} before deciding.` };
  }
}
