/**
 * The Ogdams adapter (Airtel data and airtime). Orders carry our reference; a lost reply is
 * requeried with GET transaction/status/<reference> (docs/decisions/0006).
 */
import { assertKobo, koboToNaira } from '@owo/shared/money';
import type { AdapterOptions, OgdamsClient, OgdamsPlan, PurchaseOutcome } from '../types';
import { ProviderError } from '../errors';
import { callSupplier, describeReply, rawOf, supplierUrl, type SupplierReply } from '../http';
import { integer, isObject, nairaToKobo, nonEmpty, type JsonObject } from '../wire';

export function createOgdamsClient(options: AdapterOptions & { apiKey: string }): OgdamsClient {
  const { baseUrl, timeoutMs, apiKey } = options;
  const headers = { authorization: `Bearer ${apiKey}` };

  const get = (path: string) =>
    callSupplier({ method: 'GET', url: supplierUrl(baseUrl, path), headers, timeoutMs });
  const post = (path: string, body: JsonObject) =>
    callSupplier({ method: 'POST', url: supplierUrl(baseUrl, path), headers, body, timeoutMs });

  return {
    async plans() {
      const reply = await get('get/data/plans');
      const body = reply.kind === 'reply' && reply.status < 300 ? reply.json : undefined;
      if (!isObject(body) || body.status !== true || !Array.isArray(body.data)) {
        throw new ProviderError('ogdams', `plans: ${describeReply(reply)}`);
      }
      return parseOgdamsPlans(body.data);
    },

    async vendData({ reference, networkId, planId, phone }) {
      const reply = await post('vend/data', {
        networkId,
        planId,
        phoneNumber: phone,
        reference,
      });
      return ogdamsOutcome(reply, 'purchase', reference);
    },

    async vendAirtime({ reference, networkId, amountKobo, phone }) {
      assertKobo(amountKobo);
      const reply = await post('vend/airtime', {
        networkId,
        amount: koboToNaira(amountKobo),
        phoneNumber: phone,
        type: 'VTU',
        reference,
      });
      return ogdamsOutcome(reply, 'purchase', reference);
    },

    async requery(reference) {
      const reply = await get(`transaction/status/${encodeURIComponent(reference)}`);
      return ogdamsOutcome(reply, 'requery', reference);
    },
  };
}

/**
 * What an Ogdams reply means for our order: 200 with status true and a final data.status is
 * definite; 202 is accepted-and-pending; a purchase refused with 4xx and status false was not
 * charged (409 excepted: an order with our reference exists); a requery 404 with status false
 * says Ogdams never recorded the reference. Everything else is pending.
 */
export function ogdamsOutcome(
  reply: SupplierReply,
  phase: 'purchase' | 'requery',
  reference: string,
): PurchaseOutcome {
  const raw = rawOf(reply);
  const pending = (why: string): PurchaseOutcome => ({
    status: 'pending',
    description: `Ogdams ${phase}: ${why}`,
    raw,
  });
  if (reply.kind === 'no-reply') return pending(reply.reason);
  const body = reply.json;
  if (reply.status >= 500 || !isObject(body)) return pending(describeReply(reply));
  const data = isObject(body.data) ? body.data : {};
  const msg = nonEmpty(data.msg) ?? nonEmpty(body.message) ?? '';
  const wireStatus = nonEmpty(data.status)?.toLowerCase();
  const label = `Ogdams ${wireStatus ?? `HTTP ${reply.status}`}${msg ? `: ${msg}` : ''}`;

  if (reply.status >= 400) {
    if (body.status !== false) return pending(describeReply(reply));
    if (phase === 'purchase' && reply.status !== 409) {
      return { status: 'failed', description: label, raw };
    }
    if (phase === 'requery' && reply.status === 404) {
      return {
        status: 'failed',
        description: `Ogdams has no transaction with reference ${reference} (never recorded, never charged)`,
        raw,
      };
    }
    return pending(label);
  }
  if (reply.status === 202) return pending(`accepted, still processing (${label})`);
  if (body.status !== true) return pending(describeReply(reply));
  const echoed = nonEmpty(data.reference);
  if (echoed !== undefined && echoed !== reference) {
    return pending(`reply names reference ${echoed}, not ${reference}`);
  }
  if (wireStatus === 'successful' || wireStatus === 'success' || wireStatus === 'delivered') {
    return {
      status: 'delivered',
      providerReference: nonEmpty(data.transactionId),
      description: label,
      raw,
    };
  }
  if (wireStatus === 'failed' || wireStatus === 'reversed' || wireStatus === 'refunded') {
    return { status: 'failed', description: label, raw };
  }
  return pending(label);
}

export function parseOgdamsPlans(list: unknown[]): OgdamsPlan[] {
  const plans: OgdamsPlan[] = [];
  for (const entry of list) {
    if (!isObject(entry)) continue;
    const planId = nonEmpty(entry.planId);
    const networkId = integer(entry.networkId);
    const amountKobo = nairaToKobo(entry.amount ?? entry.price);
    // A plan we cannot identify or price exactly is not offered.
    if (!planId || networkId === undefined || amountKobo === null) continue;
    plans.push({
      planId,
      networkId,
      name: nonEmpty(entry.name) ?? planId,
      validity: nonEmpty(entry.validity) ?? '',
      amountKobo,
    });
  }
  return plans;
}
