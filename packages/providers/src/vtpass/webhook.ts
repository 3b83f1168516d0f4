/**
 * VTpass's callback (SOURCES.md, "Transaction update webhook"): a JSON POST with the parent keys
 * `type` and `data` to the URL set on the VTpass dashboard, resent up to 5 times until the answer
 * is the JSON `{"response": "success"}`. A `transaction-update` carries a requery-like reply in
 * `data`; a reversal is code 040 with the transaction's status `reversed`.
 *
 * VTpass documents no signature, secret or source address for it, so nothing in the body is
 * trusted: it only names an order (`data.requestId`, the request id we sent), and the receiver
 * asks VTpass itself (POST requery) what became of that order before it moves any money.
 */
import { isObject, nonEmpty } from '../wire';
import { vtpassCode } from './codes';

/** The answer VTpass waits for; anything else makes it send the event again. */
export const VTPASS_WEBHOOK_ACK = { response: 'success' } as const;

/** How many times VTpass sends an event that is not acknowledged, in all. */
export const VTPASS_WEBHOOK_ATTEMPTS = 5;

export const VTPASS_TRANSACTION_UPDATE = 'transaction-update';
/** VTpass's other callback: a service's variation codes changed (nothing for an order). */
export const VTPASS_VARIATIONS_UPDATE = 'variations-update';

export type VtpassWebhookEvent =
  | {
      type: typeof VTPASS_TRANSACTION_UPDATE;
      /** Our request id, as we sent it on pay. */
      requestId: string;
      /** What the event claims (unverified): the code and the transaction's status. */
      code: string | undefined;
      status: string | undefined;
    }
  /** Another callback type (VTpass also sends variation-code updates): nothing to settle. */
  | { type: string; requestId?: undefined };

/**
 * The event in a raw body, or null when the body is not a VTpass callback at all (not JSON, no
 * `type`, or a transaction update that names no request id).
 */
export function parseVtpassWebhook(rawBody: string): VtpassWebhookEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!isObject(body)) return null;
  const type = nonEmpty(body.type);
  if (!type) return null;
  if (type !== VTPASS_TRANSACTION_UPDATE) return { type };
  const data = isObject(body.data) ? body.data : undefined;
  const requestId = nonEmpty(data?.requestId) ?? nonEmpty(data?.request_id);
  if (!data || !requestId) return null;
  const transactions = isObject(data.content) ? data.content.transactions : undefined;
  const status = isObject(transactions) ? nonEmpty(transactions.status)?.toLowerCase() : undefined;
  return { type, requestId, code: vtpassCode(data.code), status };
}

/**
 * Whether a VTpass reply (a requery's body) says the transaction was reversed to our VTpass
 * wallet: code 040 ("TRANSACTION REVERSAL"), or 000/001 with the transaction's status `reversed`.
 * Only such an answer from VTpass itself turns a delivered order into a refund.
 */
export function isVtpassReversal(reply: unknown): boolean {
  if (!isObject(reply)) return false;
  const code = vtpassCode(reply.code);
  if (code === '040') return true;
  if (code !== '000' && code !== '001') return false;
  const transactions = isObject(reply.content) ? reply.content.transactions : undefined;
  return isObject(transactions) && nonEmpty(transactions.status)?.toLowerCase() === 'reversed';
}
