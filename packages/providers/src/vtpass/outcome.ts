/**
 * What a VTpass pay or requery reply means for our order, by the documented codes in codes.ts.
 * The rule that protects money (../outcome.ts): only a documented answer is delivered or failed;
 * everything else (099, unknown codes, HTML, timeouts, a reply about another request id, a
 * transaction status "failed" that VTpass's status table does not list) is pending, to be
 * requeried, never refunded.
 */
import type { PurchaseOutcome } from '../types';
import { delivered, failed, pending } from '../outcome';
import { describeReply, rawOf, type SupplierReply } from '../http';
import { isObject, nonEmpty, type JsonObject } from '../wire';
import { vendDetailsOf } from './vend-details';
import { REQUERY_ORDER_CODES, VTPASS_CODES, vtpassCode } from './codes';

export { vtpassCode } from './codes';

export type VtpassPhase = 'pay' | 'requery';

/** The operator's note for a 000/001 reply whose transaction status is "failed". */
export const UNDOCUMENTED_FAILED_ALERT =
  'VTpass answered a transaction status "failed", which VTpass does not document: the order is held pending, not refunded. Check it on the VTpass dashboard; the reconciler keeps requerying';

export function vtpassOutcome(
  reply: SupplierReply,
  phase: VtpassPhase,
  requestId: string,
): PurchaseOutcome {
  const raw = rawOf(reply);
  const wait = (why: string, reference?: string) =>
    pending(`VTpass ${phase}: ${why}`, raw, reference);

  if (reply.kind === 'no-reply') return wait(reply.reason);
  // A 5xx says nothing reliable about the order, whatever its body claims.
  if (reply.status >= 500 || !isObject(reply.json)) return wait(describeReply(reply));
  const body = reply.json;
  const code = vtpassCode(body.code);
  const entry = code === undefined ? undefined : VTPASS_CODES[code];
  const wording = nonEmpty(body.response_description) ?? entry?.text ?? '';
  const label = `VTpass ${code ?? '(no code)'} ${wording}`.trim();

  // A reply naming another request id is not about our order.
  const echoed = nonEmpty(body.requestId);
  if (echoed !== undefined && echoed !== requestId) {
    return wait(`reply names request ${echoed}, not ${requestId}`);
  }

  if (code === '000' || code === '001') {
    return transactionOutcome(body, code, label, raw, wait, phase);
  }

  if (phase === 'requery') {
    if (code === '015') {
      // Documented for requery: "This RequestID was not used on our platform". The reconciler
      // asks only after the paying call's grace period, so the pay call did not reach VTpass and
      // nothing was charged. The only answer on which a lost reply may be refunded.
      return failed(
        'VTpass 015',
        `VTpass has no transaction with request id ${requestId} (never recorded, never charged)`,
        raw,
      );
    }
    // Other codes on a requery are about the requery call itself, not the order.
    if (code === undefined || !REQUERY_ORDER_CODES.has(code)) return wait(label);
  }

  switch (entry?.meaning) {
    case 'refused':
      return failed(`VTpass ${code}`, `${label} (not charged)`, raw);
    case 'ourSide':
      return failed(`VTpass ${code}`, `${label} (not charged)`, raw, { alert: entry.alert });
    case 'reversed':
      return failed(`VTpass ${code}`, `${label} (reversed to our VTpass wallet)`, raw);
    case 'pendingAlert':
      return pending(
        `VTpass ${phase}: ${label} (undocumented code: held, not refunded)`,
        raw,
        undefined,
        {
          alert: entry.alert,
        },
      );
    default: {
      // 099, 089, 014, 044, 083, a code on the wrong phase, anything undocumented. A 099 reply
      // carries the transaction: keep VTpass's id for the requery.
      const tx = isObject(body.content) ? body.content.transactions : undefined;
      return wait(label, isObject(tx) ? nonEmpty(tx.transactionId) : undefined);
    }
  }
}

/** 000 / 001: the transaction's own status decides. */
function transactionOutcome(
  body: JsonObject,
  code: string,
  label: string,
  raw: unknown,
  wait: (why: string, reference?: string) => PurchaseOutcome,
  phase: VtpassPhase,
): PurchaseOutcome {
  const transactions = isObject(body.content) ? body.content.transactions : undefined;
  const tx = isObject(transactions) ? transactions : {};
  const status = nonEmpty(tx.status)?.toLowerCase();
  const reference = nonEmpty(tx.transactionId);
  switch (status) {
    case 'delivered':
      return delivered(label, raw, { providerReference: reference, ...vendDetailsOf(body) });
    case 'reversed':
      return failed(`VTpass ${code} ${status}`, `${label} (transaction ${status})`, raw);
    case 'failed':
      // VTpass lists initiated, pending, delivered, reversed and resolved; "failed" is not among
      // them, and its rule is to treat anything else as pending. Refunding it (or trying the next
      // supplier) would give the customer the goods twice if VTpass then delivers.
      return pending(
        `VTpass ${phase}: ${label} (transaction failed, a status VTpass does not document: held, not refunded)`,
        raw,
        reference,
        { alert: UNDOCUMENTED_FAILED_ALERT },
      );
    default:
      // initiated, pending, resolved, a missing or new status.
      return wait(`${label} (transaction ${status ?? 'status missing'})`, reference);
  }
}
