/**
 * The PalmPay adapter: the real HTTP client for PalmPay's open API (betting bills, virtual accounts,
 * bank-transfer checkout), used against PalmPay in production and against the simulator in the
 * sandbox and tests. Amounts are kobo on both sides. Every request is signed with our merchant
 * key; every webhook is checked against PalmPay's public key.
 */
import { randomBytes } from 'node:crypto';
import { assertKobo } from '@owo/shared/money';
import type {
  AdapterOptions,
  CreateResult,
  PalmPayCheckout,
  PalmPayClient,
  PalmPayVirtualAccount,
} from '../types';
import { ProviderError } from '../errors';
import { callSupplier, describeReply, supplierUrl, type SupplierReply } from '../http';
import { integer, isObject, nonEmpty, type JsonObject } from '../wire';
import { palmpayBillOutcome } from './outcome';
import { parseBillers, parseCheckout, parseItems } from './parse';
import {
  PALMPAY_ACCOUNT_CODES,
  PALMPAY_CHECKOUT_MIN_KOBO,
  PALMPAY_COUNTRY,
  PALMPAY_GATEWAY_CODES,
  PALMPAY_PATHS,
  PALMPAY_SUCCESS,
  PALMPAY_VERSIONS,
  type PalmPayPath,
} from './protocol';
import { loadPrivateKey, loadPublicKey, signParams } from './signing';
import { parsePalmPayWebhook } from './webhook';

export { parseBillers, parseItems } from './parse';

export interface PalmPayKeys {
  appId: string;
  /** Our merchant private key (PEM, or PalmPay's bare base64). */
  merchantPrivateKey: string;
  /** PalmPay's platform public key, for webhooks (PEM, or bare base64). */
  palmpayPublicKey: string;
  /** Our merchant id, for the balance query (defaults to the app id; SOURCES.md, Unconfirmed). */
  merchantId?: string;
}

export interface PalmPayClientOptions extends AdapterOptions {
  keys: PalmPayKeys;
  /**
   * The clock for `expiresAtMs` of a checkout (default Date.now). The API passes its own clock so
   * that expiry is judged on one timeline.
   */
  now?: () => number;
  /**
   * The sceneCode sent with a bill order query (PalmPay's query takes one; our contract queries by
   * outOrderNo alone). Betting is the only scene we buy through PalmPay.
   */
  querySceneCode?: string;
}

/** The scene our bill orders belong to unless told otherwise. */
export const PALMPAY_DEFAULT_SCENE = 'betting';

/**
 * Gateway refusals of us as a merchant (keys, app id, IP whitelist): PalmPay is unusable until an
 * operator acts, so a create call meeting one is `unavailable`. Missing or malformed parameters are
 * refusals of the request itself (`rejected`).
 */
const MERCHANT_REFUSALS = new Set<string>([
  PALMPAY_GATEWAY_CODES.signError,
  PALMPAY_GATEWAY_CODES.ipNotWhitelisted,
]);

export function createPalmPayClient(options: PalmPayClientOptions): PalmPayClient {
  const { baseUrl, timeoutMs, keys } = options;
  const now = options.now ?? Date.now;
  const querySceneCode = options.querySceneCode ?? PALMPAY_DEFAULT_SCENE;
  const privateKey = loadPrivateKey(keys.merchantPrivateKey);
  const publicKey = loadPublicKey(keys.palmpayPublicKey);

  function post(path: PalmPayPath, params: JsonObject): Promise<SupplierReply> {
    const body: JsonObject = {
      ...params,
      // requestTime is real time: PalmPay's gateway judges freshness against its own clock.
      requestTime: Date.now(),
      nonceStr: randomBytes(16).toString('hex'),
      version: PALMPAY_VERSIONS[path],
    };
    return callSupplier({
      method: 'POST',
      url: supplierUrl(baseUrl, PALMPAY_PATHS[path]),
      headers: {
        authorization: `Bearer ${keys.appId}`,
        signature: signParams(body, privateKey),
        countrycode: PALMPAY_COUNTRY,
      },
      body,
      timeoutMs,
    });
  }

  /** The `data` of a success reply, or undefined. */
  function successData(reply: SupplierReply): unknown {
    if (reply.kind !== 'reply' || reply.status >= 500 || !isObject(reply.json)) return undefined;
    return reply.json.respCode === PALMPAY_SUCCESS ? (reply.json.data ?? null) : undefined;
  }

  function respCode(reply: SupplierReply): string | undefined {
    return reply.kind === 'reply' && isObject(reply.json)
      ? nonEmpty(reply.json.respCode)
      : undefined;
  }

  /**
   * A create call that did not work: `unavailable` when PalmPay could not answer or refused us as a
   * merchant (keys, IP), `rejected` when it refused the request itself.
   */
  function notCreated(reply: SupplierReply): Extract<CreateResult<never>, { ok: false }> {
    const description = `PalmPay: ${describeReply(reply)}`;
    if (reply.kind === 'no-reply' || reply.status >= 500 || !isObject(reply.json)) {
      return { ok: false, reason: 'unavailable', description };
    }
    const code = nonEmpty(reply.json.respCode);
    const reason = !code || MERCHANT_REFUSALS.has(code) ? 'unavailable' : 'rejected';
    return {
      ok: false,
      reason,
      description:
        `PalmPay ${code ?? '(no respCode)'} ${nonEmpty(reply.json.respMsg) ?? ''}`.trim(),
    };
  }

  return {
    async billers(sceneCode) {
      const reply = await post('billerQuery', { sceneCode });
      const data = successData(reply);
      if (!Array.isArray(data)) {
        throw new ProviderError('palmpay', `billers of ${sceneCode}: ${describeReply(reply)}`);
      }
      return parseBillers(data);
    },

    async items({ sceneCode, billerId }) {
      const reply = await post('itemQuery', { sceneCode, billerId });
      const data = successData(reply);
      if (!Array.isArray(data)) {
        throw new ProviderError('palmpay', `items of ${billerId}: ${describeReply(reply)}`);
      }
      return parseItems(data);
    },

    async createBillOrder(input) {
      assertKobo(input.amountKobo);
      const reply = await post('billOrderCreate', {
        outOrderNo: input.outOrderNo,
        amount: input.amountKobo,
        notifyUrl: input.notifyUrl,
        billerId: input.billerId,
        itemId: input.itemId,
        rechargeAccount: input.rechargeAccount,
        sceneCode: input.sceneCode,
      });
      return palmpayBillOutcome(reply, 'create', input.outOrderNo);
    },

    async queryBillOrder(outOrderNo) {
      const reply = await post('billOrderQuery', { outOrderNo, sceneCode: querySceneCode });
      return palmpayBillOutcome(reply, 'query', outOrderNo);
    },

    async createVirtualAccount(input): Promise<CreateResult<PalmPayVirtualAccount>> {
      const reply = await post('virtualAccountCreate', {
        identityType: input.identityType,
        licenseNumber: input.licenseNumber,
        virtualAccountName: input.virtualAccountName,
        customerName: input.customerName,
        email: input.email,
        accountReference: input.accountReference,
      });
      const data = successData(reply);
      if (data === undefined) return notCreated(reply);
      const virtualAccountNo = isObject(data) ? nonEmpty(data.virtualAccountNo) : undefined;
      if (!isObject(data) || !virtualAccountNo || !/^\d{10}$/.test(virtualAccountNo)) {
        return {
          ok: false,
          reason: 'unavailable',
          description: `PalmPay: success without an account number: ${describeReply(reply)}`,
        };
      }
      return {
        ok: true,
        value: {
          virtualAccountNo,
          virtualAccountName: nonEmpty(data.virtualAccountName) ?? input.virtualAccountName,
          status: nonEmpty(data.status) ?? '',
        },
      };
    },

    async createCheckout(input): Promise<CreateResult<PalmPayCheckout>> {
      assertKobo(input.amountKobo);
      if (input.amountKobo < PALMPAY_CHECKOUT_MIN_KOBO) {
        return {
          ok: false,
          reason: 'rejected',
          description: `PalmPay checkout minimum is ${PALMPAY_CHECKOUT_MIN_KOBO} kobo`,
        };
      }
      const startedMs = now();
      const reply = await post('checkoutCreate', {
        orderId: input.orderId,
        amount: input.amountKobo,
        currency: 'NGN',
        productType: 'bank_transfer',
        notifyUrl: input.notifyUrl,
        callBackUrl: input.callBackUrl,
        orderExpireTime: input.expireSeconds,
        title: input.title,
        userId: input.userId,
      });
      const data = successData(reply);
      if (data === undefined) return notCreated(reply);
      const checkout = isObject(data) ? parseCheckout(data) : undefined;
      if (!checkout) {
        return {
          ok: false,
          reason: 'unavailable',
          description: `PalmPay: checkout without transfer details: ${describeReply(reply)}`,
        };
      }
      return {
        ok: true,
        value: { ...checkout, expiresAtMs: startedMs + input.expireSeconds * 1000 },
      };
    },

    async queryCheckout(orderId) {
      const reply = await post('checkoutQuery', { orderId });
      if (respCode(reply) === PALMPAY_ACCOUNT_CODES.merchantOrderNotExist) return null;
      const data = successData(reply);
      const orderStatus = isObject(data) ? integer(data.orderStatus) : undefined;
      const amountKobo = isObject(data) ? integer(data.amount ?? data.orderAmount) : undefined;
      const echoed = isObject(data) ? nonEmpty(data.orderId) : undefined;
      if (
        orderStatus === undefined ||
        orderStatus < 1 ||
        orderStatus > 4 ||
        amountKobo === undefined ||
        (echoed !== undefined && echoed !== orderId)
      ) {
        throw new ProviderError('palmpay', `checkout ${orderId}: ${describeReply(reply)}`);
      }
      return { orderStatus: orderStatus as 1 | 2 | 3 | 4, amountKobo };
    },

    parseWebhook(rawBody) {
      return parsePalmPayWebhook(rawBody, publicKey);
    },

    async balance() {
      const reply = await post('merchantBalance', { merchantId: keys.merchantId ?? keys.appId });
      const data = successData(reply);
      const availableKobo = isObject(data) ? integer(data.availableBalance) : undefined;
      // The documented field is misspelt "currentBlance" in places; both spellings are read.
      const current = isObject(data) ? (data.currentBalance ?? data.currentBlance) : undefined;
      if (!isObject(data) || availableKobo === undefined) {
        throw new ProviderError('palmpay', `merchant balance: ${describeReply(reply)}`);
      }
      return {
        availableKobo,
        frozenKobo: integer(data.frozenBalance) ?? 0,
        currentKobo: integer(current) ?? availableKobo,
      };
    },
  };
}
