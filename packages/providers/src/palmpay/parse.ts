/**
 * Readers of PalmPay's success `data` shapes: billers, items, a created checkout. Each keeps only
 * what it can read exactly and leaves the rest out.
 */
import type { PalmPayBiller, PalmPayBillerItem, PalmPayCheckout } from '../types';
import { integer, isObject, nonEmpty, type JsonObject } from '../wire';

/** Available billers (status 0 means PalmPay has switched the biller off). */
export function parseBillers(list: unknown[]): PalmPayBiller[] {
  const billers: PalmPayBiller[] = [];
  for (const entry of list) {
    if (!isObject(entry) || integer(entry.status) === 0) continue;
    const billerId = nonEmpty(entry.billerId);
    if (!billerId) continue;
    billers.push({
      billerId,
      billerName: nonEmpty(entry.billerName) ?? billerId,
      billerIcon: nonEmpty(entry.billerIcon) ?? '',
    });
  }
  return billers;
}

/**
 * Available items. A fixed-amount item has min = max = its amount. A free-amount item keeps the
 * limits PalmPay gave, or null where it gave none (its own documented example sends null for both):
 * such an item is still sold, within bounds the caller chooses.
 */
export function parseItems(list: unknown[]): PalmPayBillerItem[] {
  const items: PalmPayBillerItem[] = [];
  for (const entry of list) {
    if (!isObject(entry) || integer(entry.status) === 0) continue;
    const itemId = nonEmpty(entry.itemId);
    if (!itemId) continue;
    const isFixAmount = integer(entry.isFixAmount) === 1 || entry.isFixAmount === true;
    const fixed = integer(entry.amount);
    if (isFixAmount) {
      // A fixed price we cannot read cannot be sold.
      if (fixed === undefined || fixed <= 0) continue;
      items.push(item(entry, itemId, fixed, fixed, true));
      continue;
    }
    const min = bound(entry.minAmount);
    const max = bound(entry.maxAmount);
    // A limit that is present but unreadable (text, negative) is a broken reply, not "no limit".
    if (min === undefined || max === undefined) continue;
    if (min !== null && max !== null && max < min) continue;
    items.push(item(entry, itemId, min, max, false));
  }
  return items;
}

function item(
  entry: JsonObject,
  itemId: string,
  minAmountKobo: number | null,
  maxAmountKobo: number | null,
  isFixAmount: boolean,
): PalmPayBillerItem {
  return {
    itemId,
    itemName: nonEmpty(entry.itemName) ?? itemId,
    minAmountKobo,
    maxAmountKobo,
    isFixAmount,
  };
}

/** null when absent, a kobo amount when readable, undefined when present but unreadable. */
function bound(value: unknown): number | null | undefined {
  if (value === null || value === undefined) return null;
  const amount = integer(value);
  return amount !== undefined && amount >= 0 ? amount : undefined;
}

export function parseCheckout(data: JsonObject): Omit<PalmPayCheckout, 'expiresAtMs'> | undefined {
  const orderNo = nonEmpty(data.orderNo);
  const payerVirtualAccNo = nonEmpty(data.payerVirtualAccNo);
  const orderStatus = integer(data.orderStatus);
  if (!orderNo || !payerVirtualAccNo || orderStatus === undefined) return undefined;
  if (orderStatus < 1 || orderStatus > 4) return undefined;
  return {
    orderNo,
    orderStatus: orderStatus as 1 | 2 | 3 | 4,
    payerBankName: nonEmpty(data.payerBankName) ?? 'PalmPay',
    payerAccountName: nonEmpty(data.payerAccountName) ?? '',
    payerVirtualAccNo,
    sdkSessionId: nonEmpty(data.sdkSessionId) ?? '',
  };
}
