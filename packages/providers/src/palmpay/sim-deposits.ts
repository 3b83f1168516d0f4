/**
 * The simulator's deposit desk: virtual accounts, bank-transfer checkout orders, and the sandbox's
 * control call that plays a customer's bank transfer into either (posting PalmPay's signed
 * notification). Part of simulator.ts; docs/sandbox.md describes the control call.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { integer, isObject, nonEmpty, text, type JsonObject } from '../wire';
import { MAGIC_LICENSE_NUMBERS } from '../sandbox/magic';
import { pick, sendHtml500 } from '../sandbox/sim-kit';
import type { NotifyTarget } from './notifier';
import {
  CHECKOUT_EXPIRY_DEFAULT_S,
  CHECKOUT_EXPIRY_MAX_S,
  CHECKOUT_EXPIRY_MIN_S,
  PALMPAY_CHECKOUT_MIN_KOBO,
  PALMPAY_PATHS,
  VIRTUAL_ACCOUNT_PAID_STATUS,
} from './protocol';
import type { SimDeskContext } from './sim-bills';
import { notifications, refusal, replies } from './sim-replies';

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

export function createSimDepositDesk(
  ctx: SimDeskContext & { sequence: () => number },
  /** The merchant's configured URL for virtual-account notifications. */
  notifyUrl: NotifyTarget,
) {
  const { now, sender, signed, newOrderNo } = ctx;
  const accountsByNo = new Map<string, VirtualAccount>();
  const accountNoByReference = new Map<string, string>();
  const checkouts = new Map<string, Checkout>();
  const checkoutByAccountNo = new Map<string, Checkout>();

  /** A 10-digit account number stable for a seed, never one already given out. */
  function newAccountNo(prefix: '66' | '99', seed: string): string {
    let n = pick(seed, 100_000_000);
    for (;;) {
      const candidate = `${prefix}${String(n).padStart(8, '0')}`;
      if (!accountsByNo.has(candidate) && !checkoutByAccountNo.has(candidate)) return candidate;
      n = (n + 1) % 100_000_000;
    }
  }

  function checkoutStatus(checkout: Checkout): 1 | 2 | 4 {
    if (checkout.paid) return 2;
    return now() >= checkout.expiresAtMs ? 4 : 1;
  }

  /** Registers the signed virtual-account and checkout routes. */
  function routes(signedApi: FastifyInstance) {
    signedApi.post(`/${PALMPAY_PATHS.virtualAccountCreate}`, async (request, reply) => {
      const body = request.body as JsonObject;
      const identityType = nonEmpty(body.identityType);
      const licenseNumber = nonEmpty(body.licenseNumber);
      const virtualAccountName = nonEmpty(body.virtualAccountName);
      const customerName = nonEmpty(body.customerName);
      const accountReference = nonEmpty(body.accountReference);
      if (!identityType || !licenseNumber || !virtualAccountName || !customerName) {
        return refusal('missingParameter');
      }
      if (
        (identityType !== 'personal' && identityType !== 'personal_nin') ||
        !/^\d{11}$/.test(licenseNumber)
      ) {
        return refusal('paramError');
      }
      if (licenseNumber === MAGIC_LICENSE_NUMBERS.http500) return sendHtml500(reply);
      if (licenseNumber === MAGIC_LICENSE_NUMBERS.refused) return refusal('licenseRefused');
      // The same accountReference is the same account: a repeated call (a lost reply) is safe.
      const existingNo = accountReference ? accountNoByReference.get(accountReference) : undefined;
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
        if (accountReference) accountNoByReference.set(accountReference, account.virtualAccountNo);
      }
      return replies.virtualAccount({
        virtualAccountNo: account.virtualAccountNo,
        virtualAccountName: account.virtualAccountName,
        status: 'Enabled',
        identityType: account.identityType,
        licenseNumber,
        customerName: account.customerName,
        email: account.email,
        accountReference: account.accountReference,
      });
    });

    signedApi.post(`/${PALMPAY_PATHS.checkoutCreate}`, async (request) => {
      const body = request.body as JsonObject;
      const orderId = nonEmpty(body.orderId);
      const amount = integer(body.amount);
      const notifyUrl = nonEmpty(body.notifyUrl);
      const callBackUrl = nonEmpty(body.callBackUrl);
      const expireSeconds = integer(body.orderExpireTime) ?? CHECKOUT_EXPIRY_DEFAULT_S;
      const currency = nonEmpty(body.currency);
      // Documented as required: orderId, amount, currency, notifyUrl, callBackUrl.
      if (!orderId || amount === undefined || !currency || !notifyUrl || !callBackUrl) {
        return refusal('missingParameter');
      }
      if (
        orderId.length > 32 ||
        amount < PALMPAY_CHECKOUT_MIN_KOBO ||
        currency !== 'NGN' ||
        nonEmpty(body.productType) !== 'bank_transfer' ||
        !/^https?:\/\//.test(notifyUrl) ||
        !/^https?:\/\//.test(callBackUrl) ||
        expireSeconds < CHECKOUT_EXPIRY_MIN_S ||
        expireSeconds > CHECKOUT_EXPIRY_MAX_S
      ) {
        return refusal('paramError');
      }
      if (checkouts.has(orderId)) return refusal('checkoutDuplicate');
      const createdAtMs = now();
      const checkout: Checkout = {
        orderId,
        orderNo: newOrderNo('PC'),
        amount,
        notifyUrl,
        title: nonEmpty(body.title) ?? '',
        userId: nonEmpty(body.userId) ?? '',
        accountNo: newAccountNo('99', `checkout:${orderId}`),
        sdkSessionId: `sdk_${pick(`session:${orderId}`, 1_000_000_000).toString(36)}${ctx.sequence()}`,
        createdAtMs,
        expiresAtMs: createdAtMs + expireSeconds * 1000,
      };
      checkouts.set(orderId, checkout);
      checkoutByAccountNo.set(checkout.accountNo, checkout);
      return replies.checkoutCreated({
        orderNo: checkout.orderNo,
        orderStatus: 1,
        payerBankName: PALMPAY_BANK_NAME,
        payerAccountName: CHECKOUT_ACCOUNT_NAME,
        payerVirtualAccNo: checkout.accountNo,
        payerAccountId: `acc_${checkout.accountNo}`,
        sdkSessionId: checkout.sdkSessionId,
        sdkSignKey: `key_${checkout.orderNo}`,
        orderAmount: amount,
      });
    });

    signedApi.post(`/${PALMPAY_PATHS.checkoutQuery}`, async (request) => {
      const body = request.body as JsonObject;
      const orderId = nonEmpty(body.orderId);
      const orderNo = nonEmpty(body.orderNo);
      const checkout = orderId
        ? checkouts.get(orderId)
        : [...checkouts.values()].find((c) => c.orderNo === orderNo);
      if (!checkout) return refusal('checkoutNotFound');
      const orderStatus = checkoutStatus(checkout);
      return replies.checkout({
        orderId: checkout.orderId,
        orderNo: checkout.orderNo,
        merchantId: ctx.appId,
        amount: checkout.paid?.amount ?? checkout.amount,
        orderStatus,
        remark: checkout.title,
        createdTime: checkout.createdAtMs,
        completedTime: checkout.paid?.atMs ?? null,
        payerBankName: PALMPAY_BANK_NAME,
        payerAccountName: CHECKOUT_ACCOUNT_NAME,
        payerVirtualAccNo: checkout.accountNo,
      });
    });
  }

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
        // A test may play PalmPay's other statuses (e.g. 2, pending) and then the paid one for the
        // same orderNo; by default the transfer is reported paid.
        const orderStatus = integer(body.orderStatus) ?? VIRTUAL_ACCOUNT_PAID_STATUS;
        const orderNo = nonEmpty(body.orderNo) ?? newOrderNo('VA');
        const notification = signed(
          notifications.virtualAccount({
            orderNo,
            orderStatus,
            createdTime: now(),
            updateTime: now(),
            orderAmount: amountKobo,
            reference: nonEmpty(body.reference) ?? 'Transfer',
            virtualAccountNo: account.virtualAccountNo,
            virtualAccountName: account.virtualAccountName,
            accountReference: account.accountReference,
            sessionId: `1000${String(now()).padStart(22, '0')}`,
            appId: ctx.appId,
            ...payer,
          }),
        );
        const delivered = await sender.send(notifyUrl, notification);
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
        const notification = signed(
          notifications.checkout({
            orderId: checkout.orderId,
            orderNo: checkout.orderNo,
            appId: ctx.appId,
            amount: amountKobo,
            orderStatus: 2,
            completeTime: checkout.paid.atMs,
            ...payer,
          }),
        );
        const delivered = await sender.send(checkout.notifyUrl, notification);
        return { ok: true, kind: 'checkout', orderNo: checkout.orderNo, notification, delivered };
      }
      return reply
        .code(404)
        .send({ ok: false, message: 'no virtual account or checkout account has this number' });
    });
  };

  return { routes, control };
}
