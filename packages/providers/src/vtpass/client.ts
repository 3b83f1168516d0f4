/**
 * The VTpass adapter: the real HTTP client for VTpass's API, used against vtpass.com in production
 * and against the simulator in the sandbox and tests. Amounts are kobo on our side, naira on the
 * wire.
 */
import { assertKobo, koboToNaira } from '@owo/shared/money';
import type {
  AdapterOptions,
  PurchaseOutcome,
  VerifyResult,
  VtpassClient,
  VtpassKeys,
  VtpassMeterInfo,
  VtpassPayRequest,
  VtpassSmartcardInfo,
  VtpassVariation,
} from '../types';
import { ProviderError } from '../errors';
import { callSupplier, describeReply, supplierUrl, type SupplierReply } from '../http';
import { isObject, nairaToKobo, nonEmpty, yes, type JsonObject } from '../wire';
import { vtpassCode } from './codes';
import { vtpassOutcome } from './outcome';

export function createVtpassClient(options: AdapterOptions & { keys: VtpassKeys }): VtpassClient {
  const { baseUrl, timeoutMs, keys } = options;

  function get(path: string): Promise<SupplierReply> {
    return callSupplier({
      method: 'GET',
      url: supplierUrl(baseUrl, path),
      headers: { 'api-key': keys.apiKey, 'public-key': keys.publicKey },
      timeoutMs,
    });
  }

  function post(path: string, body: JsonObject): Promise<SupplierReply> {
    return callSupplier({
      method: 'POST',
      url: supplierUrl(baseUrl, path),
      headers: { 'api-key': keys.apiKey, 'secret-key': keys.secretKey },
      body,
      timeoutMs,
    });
  }

  async function verify(body: JsonObject): Promise<VerifyResult<JsonObject>> {
    const reply = await post('merchant-verify', body);
    if (reply.kind === 'no-reply' || reply.status >= 500 || !isObject(reply.json)) {
      return { ok: false, reason: 'unavailable', description: describeReply(reply) };
    }
    const code = vtpassCode(reply.json.code);
    const content = isObject(reply.json.content) ? reply.json.content : {};
    // VTpass reports a wrong number as 000 with WrongBillersCode / an error inside content.
    if (content.WrongBillersCode === true || (code === '000' && nonEmpty(content.error))) {
      return {
        ok: false,
        reason: 'invalid',
        description: nonEmpty(content.error) ?? 'VTpass: wrong billers code',
      };
    }
    if (code === '011') {
      return { ok: false, reason: 'invalid', description: 'VTpass 011 INVALID ARGUMENTS' };
    }
    if (code !== '000' || !nonEmpty(content.Customer_Name)) {
      return { ok: false, reason: 'unavailable', description: describeReply(reply) };
    }
    return { ok: true, info: content };
  }

  return {
    async variations(serviceID) {
      const reply = await get(`service-variations?serviceID=${encodeURIComponent(serviceID)}`);
      const body = reply.kind === 'reply' ? reply.json : undefined;
      const ok =
        isObject(body) &&
        (vtpassCode(body.response_description) === '000' || vtpassCode(body.code) === '000');
      if (!ok || !isObject(body.content)) {
        throw new ProviderError('vtpass', `variations of ${serviceID}: ${describeReply(reply)}`);
      }
      return parseVariations(body.content);
    },

    async verifyMeter({ serviceID, billersCode, type }) {
      const result = await verify({ billersCode, serviceID, type });
      if (!result.ok) return result;
      const c = result.info;
      const info: VtpassMeterInfo = {
        customerName: nonEmpty(c.Customer_Name)!,
        address: nonEmpty(c.Address) ?? '',
        meterNumber: nonEmpty(c.Meter_Number) ?? billersCode,
        meterType: nonEmpty(c.Meter_Type) ?? type.toUpperCase(),
        minimumAmountKobo: nairaToKobo(c.Minimum_Amount ?? c.Min_Purchase_Amount),
        // VTpass often omits Can_Vend; only an explicit "no" stops a sale.
        canVend: c.Can_Vend === undefined || c.Can_Vend === null ? true : yes(c.Can_Vend),
      };
      return { ok: true, info };
    },

    async verifySmartcard({ serviceID, billersCode }) {
      const result = await verify({ billersCode, serviceID });
      if (!result.ok) return result;
      const c = result.info;
      const info: VtpassSmartcardInfo = {
        customerName: nonEmpty(c.Customer_Name)!,
        status: nonEmpty(c.Status) ?? '',
        // The TV pages write Due_Date; the public SDK's types (copied from replies) DUE_DATE.
        dueDate: nonEmpty(c.Due_Date) ?? nonEmpty(c.DUE_DATE) ?? '',
        customerNumber: nonEmpty(c.Customer_Number) ?? '',
        currentBouquet: nonEmpty(c.Current_Bouquet) ?? '',
        currentBouquetCode: nonEmpty(c.Current_Bouquet_Code) ?? '',
        renewalAmountKobo: nairaToKobo(c.Renewal_Amount),
      };
      return { ok: true, info };
    },

    async pay(request: VtpassPayRequest): Promise<PurchaseOutcome> {
      assertKobo(request.amountKobo);
      const body: JsonObject = {
        request_id: request.requestId,
        serviceID: request.serviceID,
        amount: koboToNaira(request.amountKobo),
        phone: request.phone,
      };
      if (request.billersCode !== undefined) body.billersCode = request.billersCode;
      if (request.variationCode !== undefined) body.variation_code = request.variationCode;
      if (request.subscriptionType !== undefined) body.subscription_type = request.subscriptionType;
      if (request.quantity !== undefined) body.quantity = request.quantity;
      return vtpassOutcome(await post('pay', body), 'pay', request.requestId);
    },

    async requery(requestId) {
      return vtpassOutcome(await post('requery', { request_id: requestId }), 'requery', requestId);
    },

    async balance() {
      // GET balance answers {code, contents: {balance}} in naira (a number or a numeric string).
      const reply = await get('balance');
      const body = reply.kind === 'reply' ? reply.json : undefined;
      const contents = isObject(body) && isObject(body.contents) ? body.contents : undefined;
      const kobo = contents ? nairaToKobo(contents.balance) : null;
      if (kobo === null || (reply.kind === 'reply' && reply.status !== 200)) {
        throw new ProviderError('vtpass', `balance: ${describeReply(reply)}`);
      }
      return kobo;
    },
  };
}

/** The variation list, spelt `variations` or (older replies) `varations`. */
export function parseVariations(content: JsonObject): VtpassVariation[] {
  const list = Array.isArray(content.variations)
    ? content.variations
    : Array.isArray(content.varations)
      ? content.varations
      : [];
  const variations: VtpassVariation[] = [];
  for (const entry of list) {
    if (!isObject(entry)) continue;
    const variationCode = nonEmpty(entry.variation_code);
    const amountKobo = nairaToKobo(entry.variation_amount);
    // An entry we cannot price exactly is left out rather than sold at a guessed price.
    if (!variationCode || amountKobo === null) continue;
    variations.push({
      variationCode,
      name: nonEmpty(entry.name) ?? variationCode,
      amountKobo,
      fixedPrice: yes(entry.fixedPrice),
    });
  }
  return variations;
}
