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
  PalmPayBiller,
  PalmPayBillerItem,
  PalmPayCheckout,
  PalmPayClient,
  PalmPayVirtualAccount,
} from '../types';
import { ProviderError } from '../errors';
import { callSupplier, describeReply, supplierUrl, type SupplierReply } from '../http';
import { integer, isObject, nonEmpty, type JsonObject } from '../wire';
import { palmpayBillOutcome } from './outcome';
import {
  PALMPAY_CODES,
  PALMPAY_COUNTRY,
  PALMPAY_PATHS,
  PALMPAY_VERSION,
  PALMPAY_CHECKOUT_MIN_KOBO,
} from './protocol';
import { loadPrivateKey, loadPublicKey, signParams } from './signing';
import { parsePalmPayWebhook } from './webhook';

export interface PalmPayKeys {
  appId: string;
  /** Our merchant private key (PEM, or PalmPay's bare base64). */
  merchantPrivateKey: string;
  /** PalmPay's platform public key, for webhooks (PEM, or bare base64). */
  palmpayPublicKey: string;
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

export function createPalmPayClient(options: PalmPayClientOptions): PalmPayClient {
  const { baseUrl, timeoutMs, keys } = options;
  const now = options.now ?? Date.now;
  const querySceneCode = options.querySceneCode ?? PALMPAY_DEFAULT_SCENE;
  const privateKey = loadPrivateKey(keys.merchantPrivateKey);
  const publicKey = loadPublicKey(keys.palmpayPublicKey);

  function post(path: string, params: JsonObject): Promise<SupplierReply> {
    const body: JsonObject = {
      ...params,
      // requestTime is real time: PalmPay's gateway judges freshness against its own clock.
      requestTime: Date.now(),
      nonceStr: randomBytes(16).toString('hex'),
      version: PALMPAY_VERSION,
    };
    return callSupplier({
      method: 'POST',
      url: supplierUrl(baseUrl, path),
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
    return reply.json.respCode === PALMPAY_CODES.success ? (reply.json.data ?? null) : undefined;
  }

  /**
   * A create call that did not work: `unavailable` when PalmPay could not answer or refused us as a
   * merchant (gateway codes OPEN_GW_*: keys, paths), `rejected` when it refused the request itself.
   */
  function notCreated(reply: SupplierReply): Extract<CreateResult<never>, { ok: false }> {
    const description = `PalmPay: ${describeReply(reply)}`;
    if (reply.kind === 'no-reply' || reply.status >= 500 || !isObject(reply.json)) {
      return { ok: false, reason: 'unavailable', description };
    }
    const code = nonEmpty(reply.json.respCode);
    const reason = !code || code.startsWith('OPEN_GW_') ? 'unavailable' : 'rejected';
    return {
      ok: false,
      reason,
      description:
        `PalmPay ${code ?? '(no respCode)'} ${nonEmpty(reply.json.respMsg) ?? ''}`.trim(),
    };
  }

  return {
    async billers(sceneCode) {
      const reply = await post(PALMPAY_PATHS.billerQuery, { sceneCode });
      const data = successData(reply);
      if (!Array.isArray(data)) {
        throw new ProviderError('palmpay', `billers of ${sceneCode}: ${describeReply(reply)}`);
      }
      return parseBillers(data);
    },

    async items({ sceneCode, billerId }) {
      const reply = await post(PALMPAY_PATHS.itemQuery, { sceneCode, billerId });
      const data = successData(reply);
      if (!Array.isArray(data)) {
        throw new ProviderError('palmpay', `items of ${billerId}: ${describeReply(reply)}`);
      }
      return parseItems(data);
    },

    async createBillOrder(input) {
      assertKobo(input.amountKobo);
      const reply = await post(PALMPAY_PATHS.billOrderCreate, {
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
      const reply = await post(PALMPAY_PATHS.billOrderQuery, {
        outOrderNo,
        sceneCode: querySceneCode,
      });
      return palmpayBillOutcome(reply, 'query', outOrderNo);
    },

    async createVirtualAccount(input): Promise<CreateResult<PalmPayVirtualAccount>> {
      const reply = await post(PALMPAY_PATHS.virtualAccountCreate, {
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
      const reply = await post(PALMPAY_PATHS.checkoutCreate, {
        orderId: input.orderId,
        amount: input.amountKobo,
        currency: 'NGN',
        productType: 'bank_transfer',
        notifyUrl: input.notifyUrl,
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
      const reply = await post(PALMPAY_PATHS.checkoutQuery, { orderId });
      if (
        reply.kind === 'reply' &&
        isObject(reply.json) &&
        reply.json.respCode === PALMPAY_CODES.checkoutOrderNotFound
      ) {
        return null;
      }
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
  };
}

/** Available billers (status 0 means PalmPay has switched the biller off). */
export function parseBillers(list: unknown[]): PalmPayBiller[] {
  const billers: PalmPayBiller[] = [];
  for (const entry of list) {
    if (!isObject(entry) || integer(entry.status) === 0) continue;
    const billerId = nonEmpty(entry.billerId);
    if (!billerId) continue;
    billers.push({
      billerId,
      billerName: nonEmpty(entry.billerName) ?? billerId,
      billerIcon: nonEmpty(entry.billerIcon) ?? '',
    });
  }
  return billers;
}

/** Available items; a fixed-amount item has min = max = its amount. */
export function parseItems(list: unknown[]): PalmPayBillerItem[] {
  const items: PalmPayBillerItem[] = [];
  for (const entry of list) {
    if (!isObject(entry) || integer(entry.status) === 0) continue;
    const itemId = nonEmpty(entry.itemId);
    const isFixAmount = integer(entry.isFixAmount) === 1 || entry.isFixAmount === true;
    const fixed = integer(entry.amount);
    const minAmountKobo = isFixAmount && fixed !== undefined ? fixed : integer(entry.minAmount);
    const maxAmountKobo = isFixAmount && fixed !== undefined ? fixed : integer(entry.maxAmount);
    // An item we cannot bound exactly is left out rather than sold with guessed limits.
    if (!itemId || minAmountKobo === undefined || maxAmountKobo === undefined) continue;
    if (minAmountKobo < 0 || maxAmountKobo < minAmountKobo) continue;
    items.push({
      itemId,
      itemName: nonEmpty(entry.itemName) ?? itemId,
      minAmountKobo,
      maxAmountKobo,
      isFixAmount,
    });
  }
  return items;
}

function parseCheckout(data: JsonObject): Omit<PalmPayCheckout, 'expiresAtMs'> | undefined {
  const orderNo = nonEmpty(data.orderNo);
  const payerVirtualAccNo = nonEmpty(data.payerVirtualAccNo);
  const orderStatus = integer(data.orderStatus);
  if (!orderNo || !payerVirtualAccNo || orderStatus === undefined) return undefined;
  if (orderStatus < 1 || orderStatus > 4) return undefined;
  return {
    orderNo,
    orderStatus: orderStatus as 1 | 2 | 3 | 4,
    payerBankName: nonEmpty(data.payerBankName) ?? 'PalmPay',
    payerAccountName: nonEmpty(data.payerAccountName) ?? '',
    payerVirtualAccNo,
    sdkSessionId: nonEmpty(data.sdkSessionId) ?? '',
  };
}
