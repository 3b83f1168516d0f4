/**
 * What a PalmPay bill order reply means for our order, by the money rule (../outcome.ts): failed
 * only on a documented refusal of order/create or a documented orderStatus 3; pending for
 * everything else — timeouts, 5xx, non-JSON, "trade had deal" (an order with our outOrderNo
 * exists), undocumented codes, and any error answer of order/query (PalmPay documents no "order
 * not found" for it, so silence there never proves the order was not taken).
 */
import type { PurchaseOutcome } from '../types';
import { delivered, failed, pending } from '../outcome';
import { describeReply, rawOf, type SupplierReply } from '../http';
import { integer, isObject, nonEmpty } from '../wire';
import { BILL_ORDER_STATUS, PALMPAY_GATEWAY_CODES, PALMPAY_SUCCESS, SBP_CODES } from './protocol';

/**
 * order/create refusals after which PalmPay has not taken the order: the customer's input or the
 * biller at PalmPay (SOURCES.md, "Bill order create: business codes").
 */
const REFUSED = new Set<string>([
  SBP_CODES.invalidParameter,
  SBP_CODES.billerDisabled,
  SBP_CODES.itemDisabled,
  SBP_CODES.billerItemMismatch,
  SBP_CODES.amountAboveMax,
  SBP_CODES.amountBelowMin,
  SBP_CODES.amountMismatch,
]);

/**
 * Refusals that are our own problem at PalmPay (merchant account, float, keys, IP whitelist, scene
 * configuration): refunded like any refusal, and an operator is alerted, because every order after
 * this one will be refused the same way until someone acts.
 */
const REFUSED_WITH_ALERT = new Map<string, string>([
  [SBP_CODES.merchantBalanceNotEnough, 'PalmPay merchant balance too low: fund the float'],
  [SBP_CODES.merchantError, 'PalmPay refuses our merchant (SBP.MERCHANT_ERROR)'],
  [SBP_CODES.merchantAccountError, 'PalmPay merchant account error'],
  [SBP_CODES.merchantAccountStatusError, 'PalmPay merchant account status is not normal'],
  [SBP_CODES.invalidSceneCode, 'PalmPay refuses our betting scene code'],
  [PALMPAY_GATEWAY_CODES.signError, 'PalmPay rejects our request signature (keys / app id)'],
  [PALMPAY_GATEWAY_CODES.ipNotWhitelisted, 'PalmPay: our server IP is not whitelisted'],
  [PALMPAY_GATEWAY_CODES.missingParameter, 'PalmPay: a required parameter is missing'],
  [PALMPAY_GATEWAY_CODES.paramError, 'PalmPay: a request parameter is malformed'],
]);

export type PalmPayBillPhase = 'create' | 'query';

export function palmpayBillOutcome(
  reply: SupplierReply,
  phase: PalmPayBillPhase,
  outOrderNo: string,
): PurchaseOutcome {
  const raw = rawOf(reply);
  const wait = (why: string, providerReference?: string) =>
    pending(`PalmPay ${phase}: ${why}`, raw, providerReference);

  if (reply.kind === 'no-reply') return wait(reply.reason);
  // A 5xx says nothing reliable about the order, whatever its body claims.
  if (reply.status >= 500 || !isObject(reply.json)) return wait(describeReply(reply));
  const body = reply.json;
  const code = nonEmpty(body.respCode);
  const label = `PalmPay ${code ?? '(no respCode)'} ${nonEmpty(body.respMsg) ?? ''}`.trim();

  if (code === PALMPAY_SUCCESS) {
    const data = isObject(body.data) ? body.data : undefined;
    if (!data) return wait(`${label} (no data)`);
    const echoed = nonEmpty(data.outOrderNo);
    if (echoed !== undefined && echoed !== outOrderNo) {
      return wait(`reply names order ${echoed}, not ${outOrderNo}`);
    }
    const status = integer(data.orderStatus);
    const orderNo = nonEmpty(data.orderNo);
    const detail = nonEmpty(data.errorMsg) ?? nonEmpty(data.msg);
    if (status === BILL_ORDER_STATUS.success) {
      return delivered(`${label} (orderStatus 2 success)`, raw, { providerReference: orderNo });
    }
    if (status === BILL_ORDER_STATUS.failed) {
      return failed('PalmPay orderStatus 3', `${label}${detail ? `: ${detail}` : ''}`, raw);
    }
    return wait(`${label} (orderStatus ${status ?? 'missing'})`, orderNo);
  }

  if (phase === 'create' && code !== undefined) {
    const alert = REFUSED_WITH_ALERT.get(code);
    if (alert) return failed(code, label, raw, { alert });
    if (REFUSED.has(code)) return failed(code, label, raw);
    if (code === SBP_CODES.tradeHadDeal) {
      // Our outOrderNo is already an order at PalmPay (a retried create): never a failure; the
      // requery by outOrderNo tells what became of it.
      return wait(`${label}: order ${outOrderNo} exists, to be queried`);
    }
  }
  return wait(label);
}
