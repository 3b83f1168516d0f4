/**
 * What a PalmPay bill order reply means for our order. As with every supplier, only a definite
 * answer is delivered or failed: timeouts, 5xx, non-JSON, unknown codes and replies about another
 * order are pending, to be queried again, never refunded.
 */
import type { PurchaseOutcome } from '../types';
import { describeReply, rawOf, type SupplierReply } from '../http';
import { integer, isObject, nonEmpty } from '../wire';
import { PALMPAY_CODES } from './protocol';

/**
 * Codes after which PalmPay has not taken the order (so not charged us): the order fails and the
 * customer is refunded. A duplicate outOrderNo is not here: an order exists, so it is queried.
 */
const REFUSED_ON_CREATE = new Set<string>([
  PALMPAY_CODES.signError,
  PALMPAY_CODES.commonParamError,
  PALMPAY_CODES.noSuchPath,
  PALMPAY_CODES.billParamError,
  PALMPAY_CODES.billAmountOutOfRange,
]);

export type PalmPayBillPhase = 'create' | 'query';

export function palmpayBillOutcome(
  reply: SupplierReply,
  phase: PalmPayBillPhase,
  outOrderNo: string,
): PurchaseOutcome {
  const raw = rawOf(reply);
  const pending = (why: string): PurchaseOutcome => ({
    status: 'pending',
    description: `PalmPay ${phase}: ${why}`,
    raw,
  });

  if (reply.kind === 'no-reply') return pending(reply.reason);
  // A 5xx says nothing reliable about the order, whatever its body claims.
  if (reply.status >= 500 || !isObject(reply.json)) return pending(describeReply(reply));
  const body = reply.json;
  const code = nonEmpty(body.respCode);
  const label = `PalmPay ${code ?? '(no respCode)'} ${nonEmpty(body.respMsg) ?? ''}`.trim();

  if (code === PALMPAY_CODES.success) {
    const data = isObject(body.data) ? body.data : undefined;
    if (!data) return pending(`${label} (no data)`);
    const echoed = nonEmpty(data.outOrderNo);
    if (echoed !== undefined && echoed !== outOrderNo) {
      return pending(`reply names order ${echoed}, not ${outOrderNo}`);
    }
    const status = integer(data.orderStatus);
    const orderNo = nonEmpty(data.orderNo);
    const detail = nonEmpty(data.errorMsg) ?? nonEmpty(data.msg);
    if (status === 2) {
      return {
        status: 'delivered',
        providerReference: orderNo,
        description: `${label} (orderStatus 2 success)`,
        raw,
      };
    }
    if (status === 3) {
      return {
        status: 'failed',
        description: `${label} (orderStatus 3 failed${detail ? `: ${detail}` : ''})`,
        raw,
      };
    }
    return pending(`${label} (orderStatus ${status ?? 'missing'})`);
  }
  if (phase === 'query' && code === PALMPAY_CODES.billOrderNotFound) {
    // PalmPay says it has no order with our outOrderNo: the create call never reached it, so we
    // were never charged. The only way a lost create call may be failed (and refunded).
    return {
      status: 'failed',
      description: `${label}: PalmPay has no order ${outOrderNo} (never recorded, never charged)`,
      raw,
    };
  }
  if (phase === 'create' && code !== undefined && REFUSED_ON_CREATE.has(code)) {
    return { status: 'failed', description: label, raw };
  }
  return pending(label);
}
