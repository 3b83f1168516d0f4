/**
 * What a Safe Haven VAS pay or transaction-query reply means for our order. As for every supplier:
 * only a definite answer is delivered or failed; timeouts, 5xx, non-JSON, unknown statuses and
 * replies about another reference are pending, to be requeried, never refunded.
 */
import type { PurchaseOutcome } from '../types';
import { describeReply, rawOf, type SupplierReply } from '../http';
import { isObject, nonEmpty } from '../wire';
import { parseToken, parseUnits } from '../token';

export type SafeHavenPhase = 'pay' | 'requery';

const DELIVERED = new Set(['successful', 'success', 'completed', 'delivered']);
const FAILED = new Set(['failed', 'reversed', 'refunded', 'declined', 'cancelled']);

export function safeHavenOutcome(
  reply: SupplierReply,
  phase: SafeHavenPhase,
  reference: string,
): PurchaseOutcome {
  const raw = rawOf(reply);
  const pending = (why: string): PurchaseOutcome => ({
    status: 'pending',
    description: `Safe Haven ${phase}: ${why}`,
    raw,
  });

  if (reply.kind === 'no-reply') return pending(reply.reason);
  // A 5xx says nothing reliable about the order, whatever its body claims.
  if (reply.status >= 500 || !isObject(reply.json)) return pending(describeReply(reply));
  const body = reply.json;
  const message = nonEmpty(body.message) ?? '';
  const label = `Safe Haven ${phase} HTTP ${reply.status}: ${message}`.trim();

  if (reply.status >= 400) {
    // 409: an order with our reference exists already; its fate is for the requery to say.
    if (reply.status === 409) return pending(label);
    if (phase === 'requery') {
      if (reply.status === 404) {
        // Safe Haven has no transaction with our reference: the pay call never reached it, so we
        // were never charged. The only way a lost pay reply may be failed (and refunded).
        return {
          status: 'failed',
          description: `Safe Haven has no transaction with reference ${reference} (never recorded, never charged)`,
          raw,
        };
      }
      return pending(label);
    }
    // A 4xx on a pay call is a refusal (validation, balance, auth after a token refresh, a failed
    // vend): Safe Haven did not charge us.
    return { status: 'failed', description: label, raw };
  }

  const data = body.data;
  if (!isObject(data)) return pending(`${label} (no data)`);
  const echoed = nonEmpty(data.reference);
  if (echoed !== undefined && echoed !== reference) {
    return pending(`reply names reference ${echoed}, not ${reference}`);
  }
  const status = nonEmpty(data.status)?.toLowerCase();
  if (status !== undefined && DELIVERED.has(status)) {
    return {
      status: 'delivered',
      providerReference: nonEmpty(data.id) ?? nonEmpty(data._id),
      token: parseToken(data.utilityToken, data.token, data.Token),
      units: parseUnits(data.units, data.Units),
      description: `${label} (transaction ${status})`,
      raw,
    };
  }
  if (status !== undefined && FAILED.has(status)) {
    return { status: 'failed', description: `${label} (transaction ${status})`, raw };
  }
  return pending(`${label} (transaction ${status ?? 'status missing'})`);
}
