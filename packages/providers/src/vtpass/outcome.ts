/**
 * What a VTpass pay or requery reply means for our order. The rule that protects money: only a
 * definite answer is delivered or failed; everything else (099, unknown codes, HTML, timeouts,
 * a reply about another request id) is pending, to be requeried, never refunded.
 */
import type { PurchaseOutcome } from '../types';
import { describeReply, rawOf, type SupplierReply } from '../http';
import { isObject, nonEmpty, text } from '../wire';
import { parseToken, parseUnits } from '../token';

/**
 * Codes after which VTpass has not charged us: the order can be failed and the customer refunded.
 * 016 failed, 091 not processed, 010 bad variation, 011 bad arguments, 012 no such product,
 * 013/017 below minimum / above maximum, 018 our VTpass wallet is low, 019 duplicate within 30 s,
 * 030 biller unreachable.
 */
const DEFINITE_FAILURES = new Set([
  '016',
  '091',
  '010',
  '011',
  '012',
  '013',
  '017',
  '018',
  '019',
  '030',
]);

export type VtpassPhase = 'pay' | 'requery';

export function vtpassOutcome(
  reply: SupplierReply,
  phase: VtpassPhase,
  requestId: string,
): PurchaseOutcome {
  const raw = rawOf(reply);
  const pending = (why: string): PurchaseOutcome => ({
    status: 'pending',
    description: `VTpass ${phase}: ${why}`,
    raw,
  });

  if (reply.kind === 'no-reply') return pending(reply.reason);
  // A 5xx says nothing reliable about the order, whatever its body claims.
  if (reply.status >= 500 || !isObject(reply.json)) return pending(describeReply(reply));
  const body = reply.json;
  const code = vtpassCode(body.code);
  const wording = nonEmpty(body.response_description) ?? '';
  const label = `VTpass ${code ?? '(no code)'} ${wording}`.trim();

  // A reply naming another request id is not about our order.
  const echoed = nonEmpty(body.requestId);
  if (echoed !== undefined && echoed !== requestId) {
    return pending(`reply names request ${echoed}, not ${requestId}`);
  }

  if (code === '000') {
    const transactions = isObject(body.content) ? body.content.transactions : undefined;
    const status = isObject(transactions)
      ? nonEmpty(transactions.status)?.toLowerCase()
      : undefined;
    if (status === 'delivered' && isObject(transactions)) {
      return {
        status: 'delivered',
        providerReference: nonEmpty(transactions.transactionId),
        token: parseToken(body.purchased_code, body.token, body.Token, body.mainToken),
        units: parseUnits(body.units, body.Units, body.mainTokenUnits),
        description: label,
        raw,
      };
    }
    if (status === 'failed' || status === 'reversed') {
      return { status: 'failed', description: `${label} (transaction ${status})`, raw };
    }
    return pending(`${label} (transaction ${status ?? 'status missing'})`);
  }
  if (code === '015' && phase === 'requery') {
    // VTpass says it has no order with this request id: the pay call never reached it, so we
    // were never charged. This is the only reason a lost reply may be failed (and refunded).
    return {
      status: 'failed',
      description: `VTpass 015: VTpass has no transaction with request id ${requestId} (never recorded, never charged)`,
      raw,
    };
  }
  if (code !== undefined && DEFINITE_FAILURES.has(code)) {
    return { status: 'failed', description: label, raw };
  }
  // 099 processing, 014 request id exists (an order is there: requery it), 087 credentials,
  // anything unknown.
  return pending(label);
}

/** VTpass codes are 3-digit strings; tolerate a number (0 → "000"). */
export function vtpassCode(value: unknown): string | undefined {
  const t = text(value)?.trim();
  if (t === undefined || !/^\d{1,3}$/.test(t)) return undefined;
  return t.padStart(3, '0');
}
