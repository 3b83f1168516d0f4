/**
 * The PalmPay simulator: PalmPay's open API (betting billers and bill orders, virtual accounts,
 * bank-transfer checkout) with its request signatures checked, its respCode envelope and its signed
 * notifications posted back to the merchant. Orders live in memory; pending bill orders settle by
 * the sandbox clock and a background ticker posts their notification when they do.
 *
 * `createPalmPaySimulator` answers two plugins: the API (register under /palmpay) and the sandbox's
 * control call `POST simulate-transfer` (register under /sandbox/palmpay), which plays a customer's
 * bank transfer into a virtual account or a checkout account. docs/sandbox.md describes both.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { KeyObject } from 'node:crypto';
import { integer, isObject, nonEmpty, text, type JsonObject } from '../wire';
import {
  SETTLE_AFTER_MS,
  bettingScenarioFor,
  MAGIC_LICENSE_NUMBERS,
  type Scenario,
} from '../sandbox/magic';
import {
  abandon,
  dropConnection,
  holdOpen,
  pick,
  sendHtml500,
  sendMalformed,
  statusAt,
  type SimStatus,
  type SimulatorOptions,
} from '../sandbox/sim-kit';
import { SIM_BETTING_BILLERS, SIM_BILLERS_BY_ID, billerIconSvg, type SimBiller } from './billers';
import {
  createWebhookSender,
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  type NotifyTarget,
  type WebhookSender,
} from './notifier';
import {
  PALMPAY_CHECKOUT_MIN_KOBO,
  PALMPAY_CODES,
  PALMPAY_COUNTRY,
  PALMPAY_PATHS,
} from './protocol';
import { loadPrivateKey, loadPublicKey, signParams, verifyParams } from './signing';

export interface PalmPaySimulatorKeys {
  appId: string;
  merchantPublicKey: string;
  platformPrivateKey: string;
}

export interface PalmPaySimulatorOptions extends SimulatorOptions {
  keys: PalmPaySimulatorKeys;
  /** How often (real ms) the ticker looks for bill orders the clock has settled. Default 500. */
  tickMs?: number;
  /** Delays (real ms) between webhook retries. Default DEFAULT_WEBHOOK_RETRY_DELAYS_MS. */
  webhookRetryDelaysMs?: readonly number[];
  /** The merchant's configured URL for virtual-account notifications. */
  notifyUrl?: NotifyTarget;
}

export interface PalmPaySimulator {
  /** PalmPay's API; register under the sandbox's PalmPay prefix. */
  api: FastifyPluginAsync;
  /** The sandbox's control calls; register under /sandbox/palmpay. */
  control: FastifyPluginAsync;
  sender: WebhookSender;
  /** Stops the ticker and every pending webhook retry. */
  stop(): void;
}

export const DEFAULT_PALMPAY_TICK_MS = 500;

/** The scene PalmPay's betting billers belong to; the only one the sandbox sells. */
const BETTING_SCENE = 'betting';
/** PalmPay's checkout expiry bounds (seconds); default one hour. */
const CHECKOUT_EXPIRY_DEFAULT_S = 3_600;
const CHECKOUT_EXPIRY_MIN_S = 60;
const CHECKOUT_EXPIRY_MAX_S = 86_400;
/** The bank customers see for checkout and virtual accounts. */
const PALMPAY_BANK_NAME = 'PalmPay';
/** The merchant name on checkout accounts (PalmPay shows the merchant, not the customer). */
const CHECKOUT_ACCOUNT_NAME = 'Owo Payments';
/** Who pays in a simulated transfer unless the control call says otherwise. */
const DEFAULT_PAYER = {
  payerAccountNo: '0123456789',
  payerAccountName: 'Adebayo Oluwaseun Adeyemi',
  payerBankName: 'Access Bank',
};

interface BillOrder {
  outOrderNo: string;
  orderNo: string;
  biller: SimBiller;
  amount: number;
  rechargeAccount: string;
  notifyUrl: string;
  scenario: Scenario;
  createdAtMs: number;
  /** The final status whose notification has gone out (once per order). */
  notified: boolean;
}

interface VirtualAccount {
  virtualAccountNo: string;
  virtualAccountName: string;
  accountReference: string;
  identityType: string;
  customerName: string;
  email: string;
  createdAtMs: number;
}

interface Checkout {
  orderId: string;
  orderNo: string;
  amount: number;
  notifyUrl: string;
  title: string;
  userId: string;
  accountNo: string;
  sdkSessionId: string;
  createdAtMs: number;
  expiresAtMs: number;
  paid?: { amount: number; atMs: number; payer: typeof DEFAULT_PAYER };
}

function ok(data: unknown): JsonObject {
  return { respCode: PALMPAY_CODES.success, respMsg: 'success', data };
}

function refuse(respCode: string, respMsg: string): JsonObject {
  return { respCode, respMsg, data: null };
}

/** PalmPay's bill orderStatus for the sandbox's view of an order. */
function billStatus(status: SimStatus): 1 | 2 | 3 {
  if (status === 'delivered') return 2;
  return status === 'pending' ? 1 : 3;
}

export function createPalmPaySimulator(options: PalmPaySimulatorOptions): PalmPaySimulator {
  const { keys, now, holdMs } = options;
  const merchantKey: KeyObject = loadPublicKey(keys.merchantPublicKey);
  const platformKey: KeyObject = loadPrivateKey(keys.platformPrivateKey);
  const sender = createWebhookSender(
    options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  );

  const billOrders = new Map<string, BillOrder>();
  const accountsByNo = new Map<string, VirtualAccount>();
  const accountNoByReference = new Map<string, string>();
  const checkouts = new Map<string, Checkout>();
  const checkoutByAccountNo = new Map<string, Checkout>();
  let sequence = 0;

  /** PalmPay order numbers: a kind letter pair, the clock and a sequence. */
  function newOrderNo(kind: string): string {
    sequence += 1;
    return `${kind}${now()}${String(sequence).padStart(6, '0')}`;
  }

  /** A 10-digit account number stable for a seed, never one already given out. */
  function newAccountNo(prefix: '66' | '99', seed: string): string {
    let n = pick(seed, 100_000_000);
    for (;;) {
      const candidate = `${prefix}${String(n).padStart(8, '0')}`;
      if (!accountsByNo.has(candidate) && !checkoutByAccountNo.has(candidate)) return candidate;
      n = (n + 1) % 100_000_000;
    }
  }

  /** A notification body with PalmPay's signature, URL-encoded as PalmPay sends it. */
  function signed(body: JsonObject): JsonObject {
    return { ...body, sign: encodeURIComponent(signParams(body, platformKey)) };
  }

  function billNotification(order: BillOrder, status: 2 | 3): JsonObject {
    const settledAt =
      order.scenario === 'pendingThenDelivered' || order.scenario === 'pendingThenReversed'
        ? order.createdAtMs + SETTLE_AFTER_MS
        : order.createdAtMs;
    return signed({
      outOrderNo: order.outOrderNo,
      orderNo: order.orderNo,
      appId: keys.appId,
      amount: order.amount,
      rechargeAccount: order.rechargeAccount,
      orderStatus: status,
      completedTime: settledAt,
      errorMsg: status === 3 ? 'Recharge failed, the amount is refunded' : '',
      country: PALMPAY_COUNTRY,
    });
  }

  /** Posts an order's notification once it has a final status (and only once). */
  function notifyIfSettled(order: BillOrder) {
    if (order.notified) return;
    const status = billStatus(statusAt(order.scenario, order.createdAtMs, now()));
    if (status === 1) return;
    order.notified = true;
    void sender.send(order.notifyUrl, billNotification(order, status));
  }

  // The ticker: pending orders settle by the sandbox clock, which tests move by hand; whoever
  // moved it, the notification goes out within one tick.
  const ticker = setInterval(() => {
    for (const order of billOrders.values()) notifyIfSettled(order);
  }, options.tickMs ?? DEFAULT_PALMPAY_TICK_MS);
  ticker.unref();

  function billOrderData(order: BillOrder): JsonObject {
    const status = billStatus(statusAt(order.scenario, order.createdAtMs, now()));
    return {
      outOrderNo: order.outOrderNo,
      orderNo: order.orderNo,
      billerId: order.biller.billerId,
      itemId: order.biller.item.itemId,
      orderStatus: status,
      amount: order.amount,
      sceneCode: BETTING_SCENE,
      currency: 'NGN',
      currencySymbol: '₦',
      rechargeAccount: order.rechargeAccount,
      completedTime: status === 1 ? null : order.createdAtMs,
      errorMsg: status === 3 ? 'Recharge failed, the amount is refunded' : null,
    };
  }

  function checkoutStatus(checkout: Checkout): 1 | 2 | 4 {
    if (checkout.paid) return 2;
    return now() >= checkout.expiresAtMs ? 4 : 1;
  }

  // ------------------------------------------------------------------ requests and auth

  /** The signed-request checks PalmPay's gateway makes before any route runs. */
  async function checkRequest(request: FastifyRequest, reply: FastifyReply) {
    const body = isObject(request.body) ? request.body : undefined;
    const signature = request.headers.signature;
    const bearer = request.headers.authorization;
    if (
      !body ||
      bearer !== `Bearer ${keys.appId}` ||
      typeof signature !== 'string' ||
      !verifyParams(body, signature, merchantKey)
    ) {
      return reply.send(refuse(PALMPAY_CODES.signError, 'sign error'));
    }
    const country = request.headers.countrycode;
    if (
      country !== PALMPAY_COUNTRY ||
      integer(body.requestTime) === undefined ||
      !nonEmpty(body.nonceStr) ||
      !nonEmpty(body.version)
    ) {
      return reply.send(
        refuse(
          PALMPAY_CODES.commonParamError,
          'requestTime, nonceStr, version and the CountryCode header are required',
        ),
      );
    }
  }

  const api: FastifyPluginAsync = async (app) => {
    const iconPath = `${app.prefix}/icons`;
    const iconUrl = (request: FastifyRequest, file: string) =>
      `${request.protocol}://${request.host}${iconPath}/${file}`;

    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send(refuse(PALMPAY_CODES.noSuchPath, 'invalid url router')),
    );

    // Icons are plain files on PalmPay's CDN: no signature, and a removed one is a bare 404.
    app.get<{ Params: { file: string } }>('/icons/:file', async (request, reply) => {
      const biller = SIM_BETTING_BILLERS.find(
        (b) => b.icon !== 'missing' && b.icon.file === request.params.file,
      );
      if (!biller || biller.icon === 'missing') {
        return reply.code(404).type('text/plain').send('Not Found');
      }
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(billerIconSvg(biller.icon));
    });

    await app.register(async (signedApi: FastifyInstance) => {
      signedApi.addHook('preHandler', checkRequest);

      signedApi.post(`/${PALMPAY_PATHS.billerQuery}`, async (request) => {
        const body = request.body as JsonObject;
        if (nonEmpty(body.sceneCode) !== BETTING_SCENE) {
          return refuse(PALMPAY_CODES.billParamError, 'sceneCode not supported');
        }
        return ok(
          SIM_BETTING_BILLERS.map((b) => ({
            billerId: b.billerId,
            billerName: b.billerName,
            billerIcon:
              b.icon === 'missing'
                ? iconUrl(request, `${b.billerId.toLowerCase()}-removed.svg`)
                : iconUrl(request, b.icon.file),
            minAmount: b.item.minAmount,
            maxAmount: b.item.maxAmount,
            status: 1,
          })),
        );
      });

      signedApi.post(`/${PALMPAY_PATHS.itemQuery}`, async (request) => {
        const body = request.body as JsonObject;
        if (nonEmpty(body.sceneCode) !== BETTING_SCENE) {
          return refuse(PALMPAY_CODES.billParamError, 'sceneCode not supported');
        }
        const biller = SIM_BILLERS_BY_ID.get(nonEmpty(body.billerId) ?? '');
        if (!biller) return refuse(PALMPAY_CODES.billParamError, 'biller not exist');
        const { item } = biller;
        return ok([
          {
            billerId: biller.billerId,
            itemId: item.itemId,
            itemName: item.itemName,
            amount: null,
            minAmount: item.minAmount,
            maxAmount: item.maxAmount,
            isFixAmount: 0,
            status: 1,
            extInfo: null,
          },
        ]);
      });

      signedApi.post(`/${PALMPAY_PATHS.billOrderCreate}`, async (request, reply) => {
        const body = request.body as JsonObject;
        const outOrderNo = nonEmpty(body.outOrderNo);
        const notifyUrl = nonEmpty(body.notifyUrl);
        const rechargeAccount = nonEmpty(body.rechargeAccount);
        const amount = integer(body.amount);
        if (nonEmpty(body.sceneCode) !== BETTING_SCENE) {
          return refuse(PALMPAY_CODES.billParamError, 'sceneCode not supported');
        }
        if (!outOrderNo || outOrderNo.length > 64) {
          return refuse(PALMPAY_CODES.billParamError, 'outOrderNo is required (max 64)');
        }
        if (!notifyUrl || !/^https?:\/\//.test(notifyUrl)) {
          return refuse(PALMPAY_CODES.billParamError, 'notifyUrl is required');
        }
        if (!rechargeAccount) {
          return refuse(PALMPAY_CODES.billParamError, 'rechargeAccount is required');
        }
        const biller = SIM_BILLERS_BY_ID.get(nonEmpty(body.billerId) ?? '');
        if (!biller) return refuse(PALMPAY_CODES.billParamError, 'biller not exist');
        if (nonEmpty(body.itemId) !== biller.item.itemId) {
          return refuse(PALMPAY_CODES.billParamError, 'item not exist');
        }
        if (amount === undefined || amount <= 0) {
          return refuse(PALMPAY_CODES.billParamError, 'amount must be a positive integer (kobo)');
        }
        if (amount < biller.item.minAmount || amount > biller.item.maxAmount) {
          return refuse(
            PALMPAY_CODES.billAmountOutOfRange,
            `amount must be between ${biller.item.minAmount} and ${biller.item.maxAmount}`,
          );
        }
        if (billOrders.has(outOrderNo)) {
          return refuse(PALMPAY_CODES.billDuplicateOrder, 'outOrderNo already exists');
        }
        const scenario = bettingScenarioFor(rechargeAccount);
        if (scenario === 'noReply') return dropConnection(request, reply);

        const order: BillOrder = {
          outOrderNo,
          orderNo: newOrderNo('BP'),
          biller,
          amount,
          rechargeAccount,
          notifyUrl,
          scenario,
          createdAtMs: now(),
          notified: false,
        };
        billOrders.set(outOrderNo, order);
        // Orders that end at once are notified at once (after this reply is on its way).
        setImmediate(() => notifyIfSettled(order));

        const created = (orderStatus: 1 | 2 | 3) =>
          ok({
            outOrderNo,
            orderNo: order.orderNo,
            orderStatus,
            amount,
            sceneCode: BETTING_SCENE,
            msg:
              orderStatus === 3 ? 'Recharge failed' : orderStatus === 2 ? 'Success' : 'Processing',
          });
        switch (scenario) {
          case 'http500':
            return sendHtml500(reply);
          case 'malformed':
            return sendMalformed(
              reply,
              `{"respCode":"00000000","data":{"outOrderNo":"${outOrderNo}`,
            );
          case 'timeout': {
            const stillThere = await holdOpen(request, holdMs);
            if (!stillThere) return abandon(reply);
            return created(2);
          }
          case 'failed':
          case 'invalidAccount':
            return created(3);
          case 'pendingThenDelivered':
          case 'pendingThenReversed':
          case 'pendingForever':
            return created(1);
          default:
            return created(2);
        }
      });

      signedApi.post(`/${PALMPAY_PATHS.billOrderQuery}`, async (request) => {
        const body = request.body as JsonObject;
        const outOrderNo = nonEmpty(body.outOrderNo);
        const orderNo = nonEmpty(body.orderNo);
        if (!outOrderNo && !orderNo) {
          return refuse(PALMPAY_CODES.billParamError, 'outOrderNo or orderNo is required');
        }
        const order = outOrderNo
          ? billOrders.get(outOrderNo)
          : [...billOrders.values()].find((o) => o.orderNo === orderNo);
        const scene = nonEmpty(body.sceneCode);
        if (!order || (scene !== undefined && scene !== BETTING_SCENE)) {
          return refuse(PALMPAY_CODES.billOrderNotFound, 'order not exist');
        }
        return ok(billOrderData(order));
      });

      signedApi.post(`/${PALMPAY_PATHS.virtualAccountCreate}`, async (request, reply) => {
        const body = request.body as JsonObject;
        const identityType = nonEmpty(body.identityType);
        const licenseNumber = nonEmpty(body.licenseNumber);
        const virtualAccountName = nonEmpty(body.virtualAccountName);
        const customerName = nonEmpty(body.customerName);
        const accountReference = nonEmpty(body.accountReference);
        if (identityType !== 'personal' && identityType !== 'personal_nin') {
          return refuse(
            PALMPAY_CODES.virtualAccountParamError,
            'identityType must be personal or personal_nin',
          );
        }
        if (!licenseNumber || !/^\d{11}$/.test(licenseNumber)) {
          return refuse(
            PALMPAY_CODES.virtualAccountParamError,
            'licenseNumber must be an 11-digit BVN or NIN',
          );
        }
        if (!virtualAccountName || !customerName) {
          return refuse(
            PALMPAY_CODES.virtualAccountParamError,
            'virtualAccountName and customerName are required',
          );
        }
        if (licenseNumber === MAGIC_LICENSE_NUMBERS.http500) return sendHtml500(reply);
        if (licenseNumber === MAGIC_LICENSE_NUMBERS.refused) {
          return refuse(PALMPAY_CODES.licenseRefused, 'LicenseNumber verification failed');
        }
        // The same accountReference is the same account: a repeated call (a lost reply) is safe.
        const existingNo = accountReference
          ? accountNoByReference.get(accountReference)
          : undefined;
        const existing = existingNo ? accountsByNo.get(existingNo) : undefined;
        const account: VirtualAccount = existing ?? {
          virtualAccountNo: newAccountNo('66', `va:${accountReference ?? newOrderNo('VA')}`),
          virtualAccountName,
          accountReference: accountReference ?? '',
          identityType,
          customerName,
          email: text(body.email)?.trim() ?? '',
          createdAtMs: now(),
        };
        if (!existing) {
          accountsByNo.set(account.virtualAccountNo, account);
          if (accountReference)
            accountNoByReference.set(accountReference, account.virtualAccountNo);
        }
        return ok({
          virtualAccountNo: account.virtualAccountNo,
          virtualAccountName: account.virtualAccountName,
          status: 'Enabled',
          identityType: account.identityType,
          customerName: account.customerName,
          email: account.email,
          accountReference: account.accountReference,
          appId: keys.appId,
        });
      });

      signedApi.post(`/${PALMPAY_PATHS.checkoutCreate}`, async (request) => {
        const body = request.body as JsonObject;
        const orderId = nonEmpty(body.orderId);
        const amount = integer(body.amount);
        const notifyUrl = nonEmpty(body.notifyUrl);
        const expireSeconds = integer(body.orderExpireTime) ?? CHECKOUT_EXPIRY_DEFAULT_S;
        const currency = nonEmpty(body.currency) ?? 'NGN';
        if (!orderId || orderId.length > 32) {
          return refuse(PALMPAY_CODES.checkoutParamError, 'orderId is required (max 32)');
        }
        if (amount === undefined || amount < PALMPAY_CHECKOUT_MIN_KOBO) {
          return refuse(
            PALMPAY_CODES.checkoutParamError,
            `amount must be at least ${PALMPAY_CHECKOUT_MIN_KOBO}`,
          );
        }
        if (currency !== 'NGN')
          return refuse(PALMPAY_CODES.checkoutParamError, 'currency not supported');
        if (nonEmpty(body.productType) !== 'bank_transfer') {
          return refuse(PALMPAY_CODES.checkoutParamError, 'productType must be bank_transfer');
        }
        if (!notifyUrl || !/^https?:\/\//.test(notifyUrl)) {
          return refuse(PALMPAY_CODES.checkoutParamError, 'notifyUrl is required');
        }
        if (expireSeconds < CHECKOUT_EXPIRY_MIN_S || expireSeconds > CHECKOUT_EXPIRY_MAX_S) {
          return refuse(
            PALMPAY_CODES.checkoutParamError,
            `orderExpireTime must be ${CHECKOUT_EXPIRY_MIN_S}-${CHECKOUT_EXPIRY_MAX_S} seconds`,
          );
        }
        if (checkouts.has(orderId)) {
          return refuse(PALMPAY_CODES.checkoutDuplicateOrder, 'orderId already exists');
        }
        const createdAtMs = now();
        const checkout: Checkout = {
          orderId,
          orderNo: newOrderNo('PC'),
          amount,
          notifyUrl,
          title: nonEmpty(body.title) ?? '',
          userId: nonEmpty(body.userId) ?? '',
          accountNo: newAccountNo('99', `checkout:${orderId}`),
          sdkSessionId: `sdk_${pick(`session:${orderId}`, 1_000_000_000).toString(36)}${sequence}`,
          createdAtMs,
          expiresAtMs: createdAtMs + expireSeconds * 1000,
        };
        checkouts.set(orderId, checkout);
        checkoutByAccountNo.set(checkout.accountNo, checkout);
        return ok({
          orderNo: checkout.orderNo,
          orderStatus: 1,
          message: 'success',
          checkoutUrl: null,
          payerAccountType: '-1',
          payerBankName: PALMPAY_BANK_NAME,
          payerAccountName: CHECKOUT_ACCOUNT_NAME,
          payerVirtualAccNo: checkout.accountNo,
          sdkSessionId: checkout.sdkSessionId,
          sdkSignKey: `key_${checkout.orderNo}`,
          currency: 'NGN',
          orderAmount: amount,
          payMethod: 'bank_transfer',
        });
      });

      signedApi.post(`/${PALMPAY_PATHS.checkoutQuery}`, async (request) => {
        const body = request.body as JsonObject;
        const orderId = nonEmpty(body.orderId);
        const orderNo = nonEmpty(body.orderNo);
        const checkout = orderId
          ? checkouts.get(orderId)
          : [...checkouts.values()].find((c) => c.orderNo === orderNo);
        if (!checkout) return refuse(PALMPAY_CODES.checkoutOrderNotFound, 'order not exist');
        const orderStatus = checkoutStatus(checkout);
        return ok({
          orderId: checkout.orderId,
          orderNo: checkout.orderNo,
          merchantId: keys.appId,
          currency: 'NGN',
          amount: checkout.paid?.amount ?? checkout.amount,
          orderStatus,
          payMethod: 'bank_transfer',
          productType: 'bank_transfer',
          createdTime: checkout.createdAtMs,
          completedTime: checkout.paid?.atMs ?? null,
          payerBankName: PALMPAY_BANK_NAME,
          payerAccountName: CHECKOUT_ACCOUNT_NAME,
          payerVirtualAccNo: checkout.accountNo,
        });
      });
    });
  };

  // ------------------------------------------------------------------ control: a bank transfer

  const control: FastifyPluginAsync = async (app) => {
    app.post('/simulate-transfer', async (request, reply) => {
      const body = isObject(request.body) ? request.body : {};
      const accountNumber = nonEmpty(body.accountNumber);
      const amountKobo = integer(body.amountKobo);
      if (!accountNumber || !/^\d{10}$/.test(accountNumber)) {
        return reply.code(400).send({ ok: false, message: 'accountNumber must be 10 digits' });
      }
      if (amountKobo === undefined || amountKobo <= 0 || !Number.isSafeInteger(amountKobo)) {
        return reply
          .code(400)
          .send({ ok: false, message: 'amountKobo must be a positive whole number of kobo' });
      }
      const payer = {
        payerAccountNo: nonEmpty(body.payerAccountNo) ?? DEFAULT_PAYER.payerAccountNo,
        payerAccountName: nonEmpty(body.payerAccountName) ?? DEFAULT_PAYER.payerAccountName,
        payerBankName: nonEmpty(body.payerBankName) ?? DEFAULT_PAYER.payerBankName,
      };

      const account = accountsByNo.get(accountNumber);
      if (account) {
        const orderNo = newOrderNo('VA');
        const notification = signed({
          orderNo,
          orderStatus: 1,
          orderAmount: amountKobo,
          currency: 'NGN',
          virtualAccountNo: account.virtualAccountNo,
          virtualAccountName: account.virtualAccountName,
          accountReference: account.accountReference,
          ...payer,
          createdTime: now(),
          appId: keys.appId,
        });
        const delivered = await sender.send(options.notifyUrl, notification);
        return { ok: true, kind: 'virtual_account', orderNo, notification, delivered };
      }

      const checkout = checkoutByAccountNo.get(accountNumber);
      if (checkout) {
        if (checkout.paid) {
          // A checkout account takes one payment; the bank would bounce a second one.
          return reply
            .code(409)
            .send({ ok: false, message: 'this checkout account has already been paid' });
        }
        // Banks move money into an expired checkout account too: PalmPay still notifies it (our
        // API must credit it), and the order reads as paid from then on.
        checkout.paid = { amount: amountKobo, atMs: now(), payer };
        const notification = signed({
          orderId: checkout.orderId,
          orderNo: checkout.orderNo,
          appId: keys.appId,
          amount: amountKobo,
          orderStatus: 2,
          currency: 'NGN',
          completeTime: checkout.paid.atMs,
          payMethod: 'bank_transfer',
          ...payer,
        });
        const delivered = await sender.send(checkout.notifyUrl, notification);
        return { ok: true, kind: 'checkout', orderNo: checkout.orderNo, notification, delivered };
      }
      return reply
        .code(404)
        .send({ ok: false, message: 'no virtual account or checkout account has this number' });
    });
  };

  return {
    api,
    control,
    sender,
    stop() {
      clearInterval(ticker);
      sender.stop();
    },
  };
}

/** Where the sandbox mounts the PalmPay control calls (not PalmPay's API). */
export const PALMPAY_CONTROL_PREFIX = '/sandbox/palmpay';

/** The control call's URL for a running sandbox (derived from its PalmPay base URL). */
export function simulateTransferUrl(baseUrls: { palmpay: string }): string {
  return new URL(`${PALMPAY_CONTROL_PREFIX}/simulate-transfer`, baseUrls.palmpay).toString();
}
