/**
 * What an Ogdams answer means for our order. Ogdams replies (and posts its webhook events) with
 * one envelope, `{status, code, data: {msg, ref}}`, and no per-order status field: the `code` is
 * the verdict. Documented codes (SOURCES.md): 200 done, 201 queued, 202 processing, 424 failed,
 * 401 key refused, 404 not found. Under the money rule (../outcome.ts) only 424 and 401, with
 * `status: false`, are failures; everything else that is not 200 is pending.
 */
import { delivered, failed, pending } from '../outcome';
import type { PurchaseOutcome } from '../types';
import { describeReply, rawOf, type SupplierReply } from '../http';
import { integer, isObject, nonEmpty, type JsonObject } from '../wire';
import { OGDAMS_CODES } from './protocol';

/**
 * A 424 whose text says our own wallet at Ogdams ran dry: still a failure, and the operator must
 * top the wallet up. Ogdams publishes no wording for it; this reads the words such a message has.
 */
const OUR_BALANCE_TOO_LOW = /insufficient\s+(wallet\s+|main\s+|account\s+)?(balance|fund)/i;

/** A verdict from an envelope (a vend reply body or a webhook event). */
export function envelopeOutcome(
  body: JsonObject,
  msg: string | undefined,
  ref: string | undefined,
  raw: unknown,
  where: string,
): PurchaseOutcome {
  const code = integer(body.code);
  const label = `Ogdams ${where} code ${code ?? '(none)'}${msg ? `: ${msg}` : ''}`;
  if (code === OGDAMS_CODES.success) {
    // A 200 that does not also say status true contradicts itself: not a success we can trust.
    if (body.status === true) return delivered(label, raw, { providerReference: ref });
    return pending(`${label} (status is not true)`, raw, ref);
  }
  if (code === OGDAMS_CODES.queued || code === OGDAMS_CODES.processing) {
    return pending(`${label} (accepted; the outcome follows by webhook)`, raw, ref);
  }
  if (body.status === false && code === OGDAMS_CODES.failed) {
    const alert =
      msg && OUR_BALANCE_TOO_LOW.test(msg)
        ? `Ogdams refused an order for want of funds in our Ogdams wallet: ${msg}`
        : undefined;
    return failed('Ogdams code 424', msg ?? 'failed', raw, { alert });
  }
  if (body.status === false && code === OGDAMS_CODES.unauthorized) {
    return failed('Ogdams code 401', msg ?? 'unauthorized', raw, {
      alert: 'Ogdams refused our API key (code 401): check OGDAMS_API_KEY',
    });
  }
  // 404 included: no endpoint that answers it is documented, so it proves nothing about an order.
  return pending(label, raw, ref);
}

/** A vend/data or vend/airtime reply. */
export function vendOutcome(reply: SupplierReply): PurchaseOutcome {
  const raw = rawOf(reply);
  if (reply.kind === 'no-reply') return pending(`Ogdams vend: ${reply.reason}`, raw);
  const body = reply.json;
  if (reply.status >= 500 || !isObject(body)) {
    return pending(`Ogdams vend: ${describeReply(reply)}`, raw);
  }
  const data = isObject(body.data) ? body.data : {};
  return envelopeOutcome(body, nonEmpty(data.msg), nonEmpty(data.ref), raw, 'vend');
}

/**
 * A webhook event, already authenticated. Ogdams's events carry
 * `{status, code, event: {type, data: {network, msg, reference}}}`; a body in the vend reply's
 * own envelope (`data: {msg, ref}`) is read the same way. Null when it names no order.
 */
export function webhookEvent(
  body: unknown,
): { reference: string; outcome: PurchaseOutcome } | null {
  if (!isObject(body) || integer(body.code) === undefined) return null;
  const event = isObject(body.event) ? body.event : undefined;
  const data = isObject(event?.data) ? event.data : isObject(body.data) ? body.data : undefined;
  if (!data) return null;
  const reference = nonEmpty(data.reference) ?? nonEmpty(data.ref);
  if (!reference) return null;
  // The event names the order; it is not a second id of Ogdams's to keep.
  const outcome = envelopeOutcome(body, nonEmpty(data.msg), undefined, body, 'webhook');
  return { reference, outcome };
}
