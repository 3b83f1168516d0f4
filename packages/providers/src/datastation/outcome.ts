/**
 * What a DataStation reply means for our order, under the money rule (../outcome.ts). Every
 * classification here is listed with its public source in SOURCES.md:
 *
 * - An order (a purchase reply, a lookup by DataStation's id, an entry of a kind's order list)
 *   carries `Status`: "successful" → delivered; "failed" → failed (DataStation fails an order by
 *   returning its price to our DataStation wallet, which is also how it records a reversal);
 *   "processing" and anything else → pending. Its `id` is DataStation's own id for the order:
 *   returned on delivered and pending, so a later requery asks by it.
 * - A purchase answered 400 with a JSON body was refused before anything was charged (Django REST
 *   framework validation); 401/403 with `detail` was refused before it reached DataStation at all
 *   (token authentication). Both are failed; an unusable token or a too-low DataStation wallet
 *   also raise an operator alert.
 * - Everything else (other 4xx, 5xx, non-JSON, timeouts, a lookup's 404, a lookup naming another
 *   order) is pending.
 */
import type { DataStationKind, PurchaseOutcome } from '../types';
import { delivered, failed, pending } from '../outcome';
import { describeReply, rawOf, type SupplierReply } from '../http';
import { isObject, nonEmpty, type JsonObject } from '../wire';
import { parseToken, parseUnits } from '../token';

/** Each kind's endpoint: POST to buy, GET to list our orders, GET <path><id> for one order. */
export const KIND_PATHS: Readonly<Record<DataStationKind, string>> = {
  data: 'api/data/',
  topup: 'api/topup/',
  cable: 'api/cablesub/',
  bill: 'api/billpayment/',
};

/** What one DataStation order says about itself, wherever it was read. */
export function orderOutcome(order: JsonObject, raw: unknown, phase: string): PurchaseOutcome {
  const status = nonEmpty(order.Status)?.toLowerCase();
  const id = nonEmpty(order.id);
  const wording = nonEmpty(order.api_response);
  const label = `DataStation ${phase}: Status ${status ?? '(none)'}${wording ? ` (${wording})` : ''}`;
  if (status === 'successful') {
    return delivered(label, raw, {
      providerReference: id,
      token: parseToken(order.token, order.Token),
      units: parseUnits(order.units, order.Units),
    });
  }
  if (status === 'failed') {
    return failed(
      'DataStation Status "failed" (price returned to our DataStation wallet)',
      label,
      raw,
    );
  }
  return pending(label, raw, id);
}

/** A purchase reply (POST api/data/, api/topup/, api/cablesub/, api/billpayment/). */
export function purchaseOutcome(reply: SupplierReply): PurchaseOutcome {
  const raw = rawOf(reply);
  const unclear = () => pending(`DataStation purchase: ${describeReply(reply)}`, raw);
  if (reply.kind === 'no-reply') return unclear();
  if (reply.status >= 200 && reply.status < 300) {
    return isObject(reply.json) ? orderOutcome(reply.json, raw, 'purchase') : unclear();
  }
  return refusal(reply.status, reply.json, raw) ?? unclear();
}

function refusal(status: number, body: unknown, raw: unknown): PurchaseOutcome | undefined {
  if (!isObject(body)) return undefined;
  const text = errorText(body);
  if ((status === 401 || status === 403) && nonEmpty(body.detail)) {
    return failed(`DataStation HTTP ${status}, refused before any order was made`, text, raw, {
      alert: `DataStation refused our API token (${text}). Check DATASTATION_API_KEY.`,
    });
  }
  if (status !== 400) return undefined;
  if (/insufficient\s+balance/i.test(text)) {
    return failed('DataStation HTTP 400, order refused and not charged', text, raw, {
      alert: 'Our DataStation wallet is too low for this order. Fund the DataStation account.',
    });
  }
  return failed('DataStation HTTP 400, order refused and not charged', text, raw);
}

/**
 * GET <kind path><id>: DataStation's own record of the order it gave us that id for. A 404, an
 * error, or a record with another id is pending: nothing here is a documented "never received".
 */
export function lookupOutcome(reply: SupplierReply, providerReference: string): PurchaseOutcome {
  const raw = rawOf(reply);
  const body = reply.kind === 'reply' && reply.status === 200 ? reply.json : undefined;
  if (!isObject(body)) {
    return pending(`DataStation lookup: ${describeReply(reply)}`, raw, providerReference);
  }
  const id = nonEmpty(body.id);
  if (id !== providerReference) {
    return pending(
      `DataStation lookup answered order ${id ?? '(no id)'}, not ${providerReference}`,
      raw,
      providerReference,
    );
  }
  return orderOutcome(body, raw, 'lookup');
}

/** One page of a kind's order list: our order when it is on it, and whether more pages follow. */
export type ListPage =
  | { kind: 'found'; order: JsonObject }
  | { kind: 'absent'; more: boolean }
  | { kind: 'unreadable'; why: string };

export function readListPage(reply: SupplierReply, reference: string): ListPage {
  if (reply.kind === 'no-reply' || reply.status !== 200 || !isObject(reply.json)) {
    return { kind: 'unreadable', why: describeReply(reply) };
  }
  const results = reply.json.results;
  if (!Array.isArray(results)) return { kind: 'unreadable', why: describeReply(reply) };
  const order = results.find(
    (r): r is JsonObject => isObject(r) && nonEmpty(r.ident) === reference,
  );
  if (order) return { kind: 'found', order };
  return { kind: 'absent', more: nonEmpty(reply.json.next) !== undefined };
}

/** DRF validation errors ({field: [messages]}) and auth errors ({detail}) as one line. */
export function errorText(body: JsonObject): string {
  const parts = Object.entries(body).map(([key, value]) =>
    Array.isArray(value) ? `${key}: ${value.map(String).join('; ')}` : `${key}: ${String(value)}`,
  );
  return parts.join(' | ').trim().slice(0, 300);
}
