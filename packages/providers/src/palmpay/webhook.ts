/**
 * PalmPay's notifications: a JSON body signed in its `sign` field with PalmPay's private key. Three
 * kinds reach us, told apart by their fields: a bill order (`outOrderNo`), a bank-transfer checkout
 * (`orderId`) and a credit to a virtual account (`virtualAccountNo`). Fields and statuses per kind:
 * SOURCES.md ("Notifications").
 */
import type { KeyObject } from 'node:crypto';
import type { PalmPayWebhook } from '../types';
import { integer, isObject, nonEmpty, text, type JsonObject } from '../wire';
import { VIRTUAL_ACCOUNT_PAID_STATUS } from './protocol';
import { verifyParams } from './signing';

/** Verifies and parses a raw webhook body; null for a bad signature or an unknown shape. */
export function parsePalmPayWebhook(rawBody: string, publicKey: KeyObject): PalmPayWebhook | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!isObject(body)) return null;
  const sign = nonEmpty(body.sign);
  if (!sign || !verifyParams(body, sign, publicKey)) return null;
  return parseSigned(body);
}

function parseSigned(body: JsonObject): PalmPayWebhook | null {
  const orderNo = nonEmpty(body.orderNo);
  const orderStatus = integer(body.orderStatus);
  if (!orderNo || orderStatus === undefined) return null;

  const virtualAccountNo = nonEmpty(body.virtualAccountNo);
  if (virtualAccountNo) {
    const amountKobo = kobo(body.orderAmount ?? body.amount);
    const accountReference = nonEmpty(body.accountReference);
    if (amountKobo === undefined || !accountReference) return null;
    // Every status is read (and acknowledged, so PalmPay stops resending it); only the
    // documented success status is money. Crediting a pending one would pay out before settlement.
    return {
      kind: 'virtual_account',
      eventId: `virtual_account:${orderNo}:${orderStatus}`,
      orderNo,
      virtualAccountNo,
      accountReference,
      amountKobo,
      orderStatus,
      paid: orderStatus === VIRTUAL_ACCOUNT_PAID_STATUS,
      ...payer(body),
      raw: body,
    };
  }

  const outOrderNo = nonEmpty(body.outOrderNo);
  if (outOrderNo) {
    const amountKobo = kobo(body.amount);
    if (amountKobo === undefined || (orderStatus !== 1 && orderStatus !== 2 && orderStatus !== 3)) {
      return null;
    }
    return {
      kind: 'bill',
      eventId: `bill:${orderNo}:${orderStatus}`,
      outOrderNo,
      orderNo,
      amountKobo,
      rechargeAccount: text(body.rechargeAccount)?.trim() ?? '',
      orderStatus,
      errorMsg: text(body.errorMsg)?.trim() ?? '',
      raw: body,
    };
  }

  const orderId = nonEmpty(body.orderId);
  if (orderId) {
    const amountKobo = kobo(body.amount);
    if (amountKobo === undefined || orderStatus < 1 || orderStatus > 4) return null;
    return {
      kind: 'checkout',
      eventId: `checkout:${orderNo}:${orderStatus}`,
      orderId,
      orderNo,
      amountKobo,
      orderStatus: orderStatus as 1 | 2 | 3 | 4,
      ...payer(body),
      raw: body,
    };
  }
  return null;
}

/** PalmPay amounts are integer kobo ("cents"). */
function kobo(value: unknown): number | undefined {
  const amount = integer(value);
  return amount !== undefined && amount >= 0 && Number.isSafeInteger(amount) ? amount : undefined;
}

function payer(body: JsonObject) {
  return {
    payerAccountNo: text(body.payerAccountNo)?.trim() ?? '',
    payerAccountName: text(body.payerAccountName)?.trim() ?? '',
    payerBankName: text(body.payerBankName)?.trim() ?? '',
  };
}
