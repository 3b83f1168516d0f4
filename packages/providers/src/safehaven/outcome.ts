/**
 * What a Safe Haven VAS pay reply or transaction lookup means for our order, under the money rule
 * (../outcome.ts). The wire details and their sources are in SOURCES.md; in short:
 *
 * - Safe Haven documents one transaction status, `successful` (every vas/pay/* sample). That is
 *   the only delivered answer. Any other status (processing, failed, reversed …) is undocumented,
 *   so it is pending: requeried, and after the "needs a decision" age an admin decides.
 * - Its Errors page documents 4xx as "failed given the information provided": on a pay call 400
 *   is a failure, and 401, 403, 429 are refusals of us (credentials, permission, rate) that also
 *   raise an operator alert. 402 "Request Failed" is named there only as "the request failed",
 *   which does not say our account was not debited: pending with an operator alert, never a
 *   refund or a failover (decision 0042). Other 4xx (404, 409 …) say nothing documented.
 * - The pay body carries no reference of ours (none is documented), so the only handle on the
 *   order is Safe Haven's own `data.id`; it rides on delivered and pending outcomes alike.
 * - A lookup answers about one id; a 404 there is not documented as "never received", so it is
 *   pending, never a refund.
 */
import type { PurchaseOutcome } from '../types';
import { delivered, failed, pending } from '../outcome';
import { describeReply, rawOf, type SupplierReply } from '../http';
import { isObject, nonEmpty, type JsonObject } from '../wire';
import { parseToken, parseUnits } from '../token';

/** The one documented transaction status. */
export const SAFEHAVEN_DELIVERED_STATUS = 'successful';

/** Pay-call refusals that are about us, not the customer: the order fails and an operator looks. */
const ALERTS: Record<number, string> = {
  401: 'Safe Haven refused our access token twice: check the OAuth client id and key',
  403: 'Safe Haven forbids this call for our client: check the VAS permission on our account',
  429: 'Safe Haven is rate-limiting our pay calls',
};

/** The documented pay-call failure (Errors page: 400 Bad Request, failed on what we sent). */
const FAILED_PAY_STATUSES = new Set([400]);

/** 402: named by the Errors page, but nothing says the debit account was left untouched. */
const REQUEST_FAILED_ALERT =
  'Safe Haven answered 402 Request Failed, which its documentation does not say leaves our account undebited: the order is held pending, not refunded. Check our Safe Haven account statement for the debit and settle the order from the needs-decision queue';

/** A 400/402 whose message says our debit account cannot pay: an operator must top it up. */
const LOW_BALANCE = /insufficient|balance/i;

/** Safe Haven's id for a transaction record: `id` in pay replies, `_id` in stored objects. */
export function transactionId(data: JsonObject): string | undefined {
  return nonEmpty(data.id) ?? nonEmpty(data._id);
}

/** The reply to POST vas/pay/{kind}. */
export function payOutcome(reply: SupplierReply): PurchaseOutcome {
  const raw = rawOf(reply);
  const wait = (why: string, id?: string) => pending(`Safe Haven pay: ${why}`, raw, id);
  if (reply.kind === 'no-reply') return wait(reply.reason);
  // A 5xx says nothing reliable about the order, whatever its body claims.
  if (reply.status >= 500 || !isObject(reply.json)) return wait(describeReply(reply));
  const body = reply.json;
  const label = `HTTP ${reply.status} ${nonEmpty(body.message) ?? ''}`.trim();

  if (reply.status >= 400) {
    const alert = ALERTS[reply.status];
    if (alert)
      return failed(`Safe Haven pay ${label}`, 'refused before processing', raw, { alert });
    if (reply.status === 402) {
      const lowBalance = LOW_BALANCE.test(label);
      return pending(
        `Safe Haven pay: ${label} (a 402 is not documented as uncharged: held, not refunded)`,
        raw,
        undefined,
        {
          alert: lowBalance
            ? `Safe Haven: our debit account balance may be too low (402). ${REQUEST_FAILED_ALERT}`
            : REQUEST_FAILED_ALERT,
        },
      );
    }
    if (FAILED_PAY_STATUSES.has(reply.status)) {
      const lowBalance = LOW_BALANCE.test(label);
      return failed(`Safe Haven pay ${label}`, 'the request failed', raw, {
        alert: lowBalance ? 'Safe Haven: our debit account balance is too low' : undefined,
      });
    }
    return wait(`${label} (not a documented pay failure)`);
  }
  return fromRecord(body, 'pay', label, raw);
}

/** The reply to GET vas/transaction/{id}, asked about Safe Haven's id `id`. */
export function transactionOutcome(reply: SupplierReply, id: string): PurchaseOutcome {
  const raw = rawOf(reply);
  const wait = (why: string) => pending(`Safe Haven requery: ${why}`, raw, id);
  if (reply.kind === 'no-reply') return wait(reply.reason);
  if (reply.status >= 500 || !isObject(reply.json)) return wait(describeReply(reply));
  const body = reply.json;
  const label = `HTTP ${reply.status} ${nonEmpty(body.message) ?? ''}`.trim();
  // 404 included: Safe Haven does not document the lookup as proof that nothing happened.
  if (reply.status >= 400) return wait(label);
  if (isObject(body.data)) {
    const answered = transactionId(body.data);
    if (answered !== undefined && answered !== id) {
      return wait(`the reply names transaction ${answered}, not ${id}`);
    }
  }
  return fromRecord(body, 'requery', label, raw, id);
}

/** A 2xx body whose `data` is a VAS transaction record. */
function fromRecord(
  body: JsonObject,
  phase: 'pay' | 'requery',
  label: string,
  raw: unknown,
  knownId?: string,
): PurchaseOutcome {
  const data = body.data;
  if (!isObject(data)) return pending(`Safe Haven ${phase}: ${label} (no data)`, raw, knownId);
  const id = transactionId(data) ?? knownId;
  const status = nonEmpty(data.status);
  const description = `Safe Haven ${phase}: ${label} (transaction ${status ?? 'status missing'})`;
  if (status?.toLowerCase() !== SAFEHAVEN_DELIVERED_STATUS) return pending(description, raw, id);
  return delivered(description, raw, {
    providerReference: id,
    token: parseToken(data.utilityToken, data.token, data.Token),
    units: parseUnits(data.units, data.Units),
  });
}
