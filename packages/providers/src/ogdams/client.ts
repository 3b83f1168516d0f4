/**
 * The Ogdams SimHosting adapter (data and airtime). Every wire detail is sourced in SOURCES.md:
 * Bearer key, get/data/plans, get/balances, vend/data, vend/airtime, the `{status, code, data}`
 * envelope, and webhook events signed with HMAC-SHA512. Ogdams documents no status lookup, so a
 * pending order is finished by its webhook (or by an admin), never by a guess.
 */
import { assertKobo, koboToNaira } from '@owo/shared/money';
import type { AdapterOptions, OgdamsClient } from '../types';
import { ProviderError } from '../errors';
import { failed, pending } from '../outcome';
import { callSupplier, describeReply, supplierUrl } from '../http';
import { isObject, nairaToKobo, type JsonObject } from '../wire';
import { vendOutcome } from './classify';
import { parseOgdamsPlans } from './plans';
import { OGDAMS_AIRTIME_TYPE, OGDAMS_REFERENCE_MAX } from './protocol';
import { ogdamsWebhookSigned, parseOgdamsWebhook } from './webhook';

export interface OgdamsOptions extends AdapterOptions {
  apiKey: string;
  /** Keys the webhook signature; Ogdams signs with "your secret key", our API key by default. */
  webhookSecret?: string;
}

export function createOgdamsClient(options: OgdamsOptions): OgdamsClient {
  const { baseUrl, timeoutMs, apiKey } = options;
  const webhookSecret = options.webhookSecret || apiKey;
  const headers = { authorization: `Bearer ${apiKey}` };

  const get = (path: string) =>
    callSupplier({ method: 'GET', url: supplierUrl(baseUrl, path), headers, timeoutMs });

  async function vend(path: string, reference: string, body: JsonObject) {
    if (reference.length > OGDAMS_REFERENCE_MAX) {
      // Never sent, so never vended: refunding is safe, and the operator must hear of the bug.
      return failed('not sent', `reference longer than ${OGDAMS_REFERENCE_MAX}`, null, {
        alert: `Ogdams order not sent: reference ${reference} is longer than ${OGDAMS_REFERENCE_MAX} characters`,
      });
    }
    const reply = await callSupplier({
      method: 'POST',
      url: supplierUrl(baseUrl, path),
      headers,
      body: { ...body, reference },
      timeoutMs,
    });
    return vendOutcome(reply);
  }

  /** The `data` member of a read-only call that Ogdams answered with status true. */
  async function read(path: string): Promise<unknown> {
    const reply = await get(path);
    const body = reply.kind === 'reply' && reply.status < 300 ? reply.json : undefined;
    if (!isObject(body) || body.status !== true) {
      throw new ProviderError('ogdams', `${path}: ${describeReply(reply)}`);
    }
    return body.data;
  }

  return {
    async plans() {
      const plans = parseOgdamsPlans(await read('get/data/plans'));
      if (!plans) throw new ProviderError('ogdams', 'get/data/plans: no plan list in the reply');
      return plans;
    },

    async balance() {
      const data = await read('get/balances');
      const balances = isObject(data) && isObject(data.msg) ? data.msg : undefined;
      const mainBalanceKobo = nairaToKobo(balances?.mainBalance);
      if (mainBalanceKobo === null) {
        throw new ProviderError('ogdams', 'get/balances: no mainBalance in the reply', data);
      }
      return { mainBalanceKobo, raw: data };
    },

    vendData({ reference, networkId, planId, phone }) {
      // Ogdams's plan ids are numbers on its wire; a non-numeric id is passed through as text.
      const wirePlanId = /^\d{1,15}$/.test(planId) ? Number(planId) : planId;
      return vend('vend/data', reference, { networkId, planId: wirePlanId, phoneNumber: phone });
    },

    vendAirtime({ reference, networkId, amountKobo, phone }) {
      assertKobo(amountKobo);
      return vend('vend/airtime', reference, {
        networkId,
        amount: koboToNaira(amountKobo),
        phoneNumber: phone,
        type: OGDAMS_AIRTIME_TYPE,
      });
    },

    async requery({ providerReference }) {
      // No lookup is documented (the code table's 404 belongs to no documented endpoint), and an
      // undocumented lookup's "not found" must never refund: the webhook or an admin decides.
      return pending(
        'Ogdams documents no status lookup; waiting for its webhook',
        null,
        providerReference,
      );
    },

    parseWebhook(rawBody, requestHeaders) {
      return parseOgdamsWebhook(rawBody, requestHeaders, webhookSecret);
    },

    signatureValid(rawBody, requestHeaders) {
      return ogdamsWebhookSigned(rawBody, requestHeaders, webhookSecret);
    },
  };
}
