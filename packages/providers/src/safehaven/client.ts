/**
 * The Safe Haven MFB adapter: the real HTTP client for Safe Haven's API (identity verification,
 * sub-accounts, bank list and name enquiry, VAS bills), used against api.safehavenmfb.com in
 * production and against the simulator in the sandbox and tests. Every call carries a bearer token
 * from the OAuth2 client-assertion exchange (auth.ts) and the ClientID header; a 401 refreshes the
 * token once. Amounts are kobo on our side, naira on the wire.
 */
import { assertKobo, koboToNaira } from '@owo/shared/money';
import type {
  AdapterOptions,
  CreateResult,
  IdentityType,
  PurchaseOutcome,
  SafeHavenBank,
  SafeHavenClient,
  SafeHavenEntity,
  SafeHavenPayKind,
  SafeHavenPayRequest,
  SafeHavenProduct,
  SafeHavenServiceCategory,
  SafeHavenSubAccount,
  VerifyResult,
} from '../types';
import { ProviderError } from '../errors';
import { callSupplier, describeReply, supplierUrl, type SupplierReply } from '../http';
import { isObject, nairaToKobo, nonEmpty, text, yes, type JsonObject } from '../wire';
import { createTokenSource, type AccessToken, type SafeHavenCredentials } from './auth';
import { safeHavenOutcome } from './outcome';

export interface SafeHavenAdapterOptions extends AdapterOptions {
  /** Our OAuth client id (Safe Haven dashboard). */
  clientId: string;
  /** PEM of the private key whose public half is registered with Safe Haven. */
  privateKey: string;
  /** Our company URL: the client assertion's `iss`. */
  companyUrl: string;
  /** Our Safe Haven account that pays for identity checks and bills. */
  debitAccountNumber: string;
  /** Sent as statusUrl on airtime and data purchases when set. */
  statusUrl?: string;
  /** The clock for token expiry (default Date.now); tests replace it. */
  now?: () => number;
}

export const SAFEHAVEN_DEFAULT_BANK_NAME = 'Safe Haven MFB';

/** A call that could not be made because no access token could be had. */
type NoToken = { kind: 'no-token'; description: string };
type SafeHavenReply = SupplierReply | NoToken;

type Unavailable = { ok: false; reason: 'unavailable'; description: string };
const unavailable = (description: string): Unavailable => ({
  ok: false,
  reason: 'unavailable',
  description,
});

export function createSafeHavenClient(options: SafeHavenAdapterOptions): SafeHavenClient {
  const { baseUrl, timeoutMs, debitAccountNumber } = options;
  const credentials: SafeHavenCredentials = {
    baseUrl,
    clientId: options.clientId,
    privateKey: options.privateKey,
    companyUrl: options.companyUrl,
  };
  const tokens = createTokenSource(credentials, { timeoutMs, now: options.now });

  function send(
    token: AccessToken,
    method: 'GET' | 'POST',
    path: string,
    body?: JsonObject,
  ): Promise<SupplierReply> {
    return callSupplier({
      method,
      url: supplierUrl(baseUrl, path),
      headers: { authorization: `Bearer ${token.accessToken}`, ClientID: token.ibsClientId },
      body,
      timeoutMs,
    });
  }

  /**
   * One authorised call. A 401 means the request was refused before Safe Haven did anything, so
   * it is safe to send again once with a fresh token (even a pay call).
   */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: JsonObject,
  ): Promise<SafeHavenReply> {
    const first = await tokens.get();
    if (!first.ok) return { kind: 'no-token', description: first.description };
    const reply = await send(first.token, method, path, body);
    if (reply.kind !== 'reply' || reply.status !== 401) return reply;
    tokens.invalidate(first.token);
    const second = await tokens.get();
    if (!second.ok) return { kind: 'no-token', description: second.description };
    return send(second.token, method, path, body);
  }

  /** The data of a 2xx JSON reply for a read-only call, or a ProviderError. */
  async function read(path: string): Promise<unknown> {
    const reply = await call('GET', path);
    if (reply.kind === 'no-token') throw new ProviderError('safehaven', reply.description);
    const body = reply.kind === 'reply' && reply.status < 300 ? reply.json : undefined;
    if (!isObject(body) || body.data === undefined) {
      throw new ProviderError('safehaven', `${path}: ${describeReply(reply)}`, body);
    }
    return body.data;
  }

  /**
   * A POST Safe Haven answered with JSON about the request itself; `unavailable` when it could not
   * be asked (no token, no reply, a 5xx, not JSON) or refused us rather than the customer's
   * details (our credentials or rate: 401, 403, 429).
   */
  async function post(
    path: string,
    body: JsonObject,
  ): Promise<{ ok: true; status: number; json: JsonObject; message: string } | Unavailable> {
    const reply = await call('POST', path, body);
    if (reply.kind === 'no-token') return unavailable(reply.description);
    if (reply.kind === 'no-reply' || reply.status >= 500 || !isObject(reply.json)) {
      return unavailable(`Safe Haven ${path}: ${describeReply(reply)}`);
    }
    const json = reply.json;
    const message = nonEmpty(json.message) ?? describeReply(reply);
    if (reply.status === 401 || reply.status === 403 || reply.status === 429) {
      return unavailable(`Safe Haven ${path}: HTTP ${reply.status} ${message}`);
    }
    return { ok: true, status: reply.status, json, message };
  }

  /** Identity and sub-account calls: data, or the reason they did not work. */
  async function create(path: string, body: JsonObject): Promise<CreateResult<JsonObject>> {
    const answer = await post(path, body);
    if (!answer.ok) return answer;
    const { status, json, message } = answer;
    if (status >= 400) return { ok: false, reason: 'rejected', description: message };
    if (!isObject(json.data)) return unavailable(`Safe Haven ${path}: no data in reply`);
    return { ok: true, value: json.data };
  }

  /** Name enquiry and vas/verify: an answer, "no such number", or "could not ask". */
  async function lookup(path: string, body: JsonObject): Promise<VerifyResult<JsonObject>> {
    const answer = await post(path, body);
    if (!answer.ok) return answer;
    const { status, json, message } = answer;
    const responseCode = nonEmpty(json.responseCode);
    // NIP codes: 07 invalid account, 25 unable to locate record. Any other non-00 code (91 bank
    // not available, 96 system malfunction …) says nothing about the number.
    if (responseCode !== undefined && responseCode !== '00') {
      return INVALID_NIP_CODES.has(responseCode)
        ? { ok: false, reason: 'invalid', description: `NIP ${responseCode}: ${message}` }
        : unavailable(`Safe Haven ${path}: NIP ${responseCode} ${message}`);
    }
    if (status >= 400) return { ok: false, reason: 'invalid', description: message };
    if (!isObject(json.data)) return unavailable(`Safe Haven ${path}: no data in reply`);
    return { ok: true, info: json.data };
  }

  return {
    async initiateVerification({ type, number }) {
      const result = await create('identity/v2', {
        type,
        number,
        debitAccountNumber,
        async: false,
      });
      if (!result.ok) return result;
      const identityId = nonEmpty(result.value._id);
      if (!identityId) {
        return unavailable('Safe Haven: no identity _id');
      }
      return { ok: true, value: { identityId } };
    },

    async validateVerification({ identityId, type, otp }) {
      const result = await create('identity/v2/validate', { identityId, type, otp });
      if (!result.ok) return result;
      const data = result.value;
      const person = isObject(data.providerResponse) ? data.providerResponse : data;
      const firstName = nonEmpty(person.firstName) ?? nonEmpty(person.first_name);
      const lastName = nonEmpty(person.lastName) ?? nonEmpty(person.last_name);
      if (!firstName || !lastName) {
        return unavailable('Safe Haven: validation reply has no names');
      }
      return {
        ok: true,
        value: { firstName: titleCase(firstName), lastName: titleCase(lastName) },
      };
    },

    async createSubAccount(input): Promise<CreateResult<SafeHavenSubAccount>> {
      const result = await create('accounts/v2/subaccount', {
        phoneNumber: input.phoneNumber,
        emailAddress: input.emailAddress,
        identityId: input.identityId,
        identityNumber: input.identityNumber,
        identityType: input.identityType satisfies IdentityType,
        otp: input.otp,
        externalReference: input.externalReference,
      });
      if (!result.ok) return result;
      const data = result.value;
      const accountNumber = nonEmpty(data.accountNumber);
      const accountName = nonEmpty(data.accountName);
      if (!accountNumber || !/^\d{10}$/.test(accountNumber) || !accountName) {
        return unavailable('Safe Haven: sub-account reply has no account number or name');
      }
      return {
        ok: true,
        value: {
          accountNumber,
          accountName,
          bankName: nonEmpty(data.bankName) ?? SAFEHAVEN_DEFAULT_BANK_NAME,
        },
      };
    },

    async banks(): Promise<SafeHavenBank[]> {
      const data = await read('transfers/banks');
      if (!Array.isArray(data)) throw new ProviderError('safehaven', 'bank list is not a list');
      const banks: SafeHavenBank[] = [];
      for (const entry of data) {
        if (!isObject(entry)) continue;
        const bankCode = nonEmpty(entry.bankCode);
        const name = nonEmpty(entry.name);
        if (bankCode && name) banks.push({ bankCode, name });
      }
      return banks;
    },

    async nameEnquiry({ bankCode, accountNumber }) {
      const result = await lookup('transfers/name-enquiry', { bankCode, accountNumber });
      if (!result.ok) return result;
      const accountName = nonEmpty(result.info.accountName);
      if (!accountName) {
        return unavailable('Safe Haven: no accountName');
      }
      return {
        ok: true,
        info: {
          accountName,
          accountNumber: nonEmpty(result.info.accountNumber) ?? accountNumber,
          bankCode: nonEmpty(result.info.bankCode) ?? bankCode,
        },
      };
    },

    async verifyEntity({ serviceCategoryId, entityNumber }) {
      const result = await lookup('vas/verify', { serviceCategoryId, entityNumber });
      if (!result.ok) return result;
      const data = result.info;
      const customerName = nonEmpty(data.name) ?? nonEmpty(data.customerName);
      if (!customerName) {
        return unavailable('Safe Haven: verify gave no name');
      }
      const details: Record<string, string> = {};
      for (const [key, value] of Object.entries(data)) {
        const t = text(value);
        if (key !== 'name' && t !== undefined) details[key] = t;
      }
      const entity: SafeHavenEntity = {
        customerName,
        entityNumber: nonEmpty(data.meterNo) ?? entityNumber,
        details,
      };
      return { ok: true, info: entity };
    },

    async pay(kind: SafeHavenPayKind, request: SafeHavenPayRequest): Promise<PurchaseOutcome> {
      assertKobo(request.amountKobo);
      const body: JsonObject = {
        serviceCategoryId: request.serviceCategoryId,
        amount: koboToNaira(request.amountKobo),
        channel: 'WEB',
        debitAccountNumber,
        reference: request.reference,
      };
      if (request.phoneNumber !== undefined) body.phoneNumber = request.phoneNumber;
      if (request.bundleCode !== undefined) body.bundleCode = request.bundleCode;
      if (request.cardNumber !== undefined) body.cardNumber = request.cardNumber;
      if (request.meterNumber !== undefined) body.meterNumber = request.meterNumber;
      if (request.vendType !== undefined) body.vendType = request.vendType;
      if (options.statusUrl && (kind === 'airtime' || kind === 'data')) {
        body.statusUrl = options.statusUrl;
      }
      const reply = await call('POST', `vas/pay/${kind}`, body);
      if (reply.kind === 'no-token') {
        // The pay call was never sent: Safe Haven cannot have charged us.
        return {
          status: 'failed',
          description: `${reply.description} (pay not sent)`,
          raw: { error: reply.description },
        };
      }
      return safeHavenOutcome(reply, 'pay', request.reference);
    },

    async requery(reference) {
      const reply = await call('GET', `vas/transaction/${encodeURIComponent(reference)}`);
      if (reply.kind === 'no-token') {
        return {
          status: 'pending',
          description: `Safe Haven requery: ${reply.description}`,
          raw: { error: reply.description },
        };
      }
      return safeHavenOutcome(reply, 'requery', reference);
    },

    async categories(service): Promise<SafeHavenServiceCategory[]> {
      const services = await read('vas/services');
      const match = Array.isArray(services)
        ? services.find((s) => isObject(s) && nonEmpty(s.identifier)?.toUpperCase() === service)
        : undefined;
      const serviceId = isObject(match) ? nonEmpty(match._id) : undefined;
      if (!serviceId) throw new ProviderError('safehaven', `no VAS service ${service}`);
      const data = await read(`vas/service/${encodeURIComponent(serviceId)}/service-categories`);
      if (!Array.isArray(data)) throw new ProviderError('safehaven', 'categories are not a list');
      const categories: SafeHavenServiceCategory[] = [];
      for (const entry of data) {
        if (!isObject(entry)) continue;
        const serviceCategoryId = nonEmpty(entry._id);
        const identifier = nonEmpty(entry.identifier);
        if (!serviceCategoryId || !identifier) continue;
        categories.push({
          serviceCategoryId,
          identifier,
          name: nonEmpty(entry.name) ?? identifier,
          description: nonEmpty(entry.description) ?? '',
          isFixedAmount: yes(entry.isFixedAmount),
        });
      }
      return categories;
    },

    async products(serviceCategoryId): Promise<SafeHavenProduct[]> {
      const data = await read(
        `vas/service-category/${encodeURIComponent(serviceCategoryId)}/products`,
      );
      if (!Array.isArray(data)) throw new ProviderError('safehaven', 'products are not a list');
      const products: SafeHavenProduct[] = [];
      for (const entry of data) {
        if (!isObject(entry)) continue;
        const bundleCode = nonEmpty(entry.bundleCode);
        if (!bundleCode) continue;
        const amountKobo = nairaToKobo(entry.amount);
        const isAmountFixed = yes(entry.isAmountFixed);
        // A fixed-price product we cannot price exactly is left out rather than sold at a guess.
        if (isAmountFixed && amountKobo === null) continue;
        products.push({
          bundleCode,
          name: nonEmpty(entry.name) ?? bundleCode,
          amountKobo,
          duration: nonEmpty(entry.duration) ?? '',
          isAmountFixed,
        });
      }
      return products;
    },
  };
}

const INVALID_NIP_CODES = new Set(['07', '25']);

/** "ADEBAYO" → "Adebayo", "OKAFOR-EZE" → "Okafor-Eze": identity registries shout. */
export function titleCase(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/(^|[\s'-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}
