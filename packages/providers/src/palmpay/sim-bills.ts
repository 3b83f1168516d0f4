/**
 * The simulator's betting desk: PalmPay's biller and item lists, bill orders (create and query) and
 * their signed notifications. Orders live in memory; pending ones settle by the sandbox clock and a
 * background ticker posts their notification when they do. Part of simulator.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { integer, nonEmpty, type JsonObject } from '../wire';
import { SETTLE_AFTER_MS, bettingScenarioFor, type Scenario } from '../sandbox/magic';
import {
  abandon,
  dropConnection,
  holdOpen,
  sendHtml500,
  sendMalformed,
  statusAt,
  type SimStatus,
} from '../sandbox/sim-kit';
import { SIM_BETTING_BILLERS, SIM_BILLERS_BY_ID, type SimBiller } from './billers';
import type { WebhookSender } from './notifier';
import { PALMPAY_COUNTRY, PALMPAY_PATHS } from './protocol';
import { chargedAmount, PALMPAY_CHARGED_LESS_ACCOUNT, refusalFor } from './sim-magic';
import { notifications, refusal, replies } from './sim-replies';
import type { SimWallet } from '../sandbox/sim-wallet';

/** The scene PalmPay's betting billers belong to; the only one the sandbox sells. */
const BETTING_SCENE = 'betting';

interface BillOrder {
  outOrderNo: string;
  orderNo: string;
  biller: SimBiller;
  /** What PalmPay charges us: the order amount, or less (PALMPAY_CHARGED_LESS_ACCOUNT). */
  amount: number;
  rechargeAccount: string;
  notifyUrl: string;
  scenario: Scenario;
  createdAtMs: number;
  /** The final status whose notification has gone out (once per order). */
  notified: boolean;
}

/** What the desk shares with the rest of the simulator. */
export interface SimDeskContext {
  now: () => number;
  holdMs: number;
  appId: string;
  sender: WebhookSender;
  /** PalmPay's signature on a notification body. */
  signed: (body: JsonObject) => JsonObject;
  newOrderNo: (kind: string) => string;
  /** Our merchant balance: bill orders are paid from it. */
  wallet: SimWallet;
}

/** PalmPay's bill orderStatus for the sandbox's view of an order. */
function billStatus(status: SimStatus): 1 | 2 | 3 {
  if (status === 'delivered') return 2;
  return status === 'pending' ? 1 : 3;
}

export function createSimBillDesk(ctx: SimDeskContext, tickMs: number) {
  const { now, holdMs, sender, signed, newOrderNo } = ctx;
  const billOrders = new Map<string, BillOrder>();

  function billNotification(order: BillOrder, status: 2 | 3): JsonObject {
    const settledAt =
      order.scenario === 'pendingThenDelivered' || order.scenario === 'pendingThenReversed'
        ? order.createdAtMs + SETTLE_AFTER_MS
        : order.createdAtMs;
    return signed(
      notifications.bill(status, {
        outOrderNo: order.outOrderNo,
        orderNo: order.orderNo,
        appId: ctx.appId,
        amount: order.amount,
        rechargeAccount: order.rechargeAccount,
        orderStatus: status,
        completedTime: settledAt,
        country: PALMPAY_COUNTRY,
      }),
    );
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
  }, tickMs);
  ticker.unref();

  function billOrderReply(order: BillOrder): JsonObject {
    const status = billStatus(statusAt(order.scenario, order.createdAtMs, now()));
    return replies.billOrder({
      outOrderNo: order.outOrderNo,
      orderNo: order.orderNo,
      billerId: order.biller.billerId,
      itemId: order.biller.item.itemId,
      orderStatus: status,
      amount: order.amount,
      sceneCode: BETTING_SCENE,
      payTime: order.createdAtMs,
      completedTime: status === 1 ? null : order.createdAtMs,
      errorMsg: status === 3 ? 'Recharge failed, the amount is refunded' : null,
    });
  }

  /** Registers the signed bill-payment routes. */
  function routes(
    signedApi: FastifyInstance,
    iconUrl: (request: FastifyRequest, file: string) => string,
  ) {
    signedApi.post(`/${PALMPAY_PATHS.billerQuery}`, async (request) => {
      const body = request.body as JsonObject;
      if (nonEmpty(body.sceneCode) !== BETTING_SCENE) return refusal('invalidSceneCode');
      return replies.billers(
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
      if (nonEmpty(body.sceneCode) !== BETTING_SCENE) return refusal('invalidSceneCode');
      const biller = SIM_BILLERS_BY_ID.get(nonEmpty(body.billerId) ?? '');
      if (!biller) return refusal('billerDisabled');
      const { item } = biller;
      return replies.items([
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
      if (nonEmpty(body.sceneCode) !== BETTING_SCENE) return refusal('invalidSceneCode');
      // Documented lengths: outOrderNo 64, notifyUrl 200, rechargeAccount 15.
      if (
        !outOrderNo ||
        outOrderNo.length > 64 ||
        !notifyUrl ||
        notifyUrl.length > 200 ||
        !/^https?:\/\//.test(notifyUrl) ||
        !rechargeAccount ||
        rechargeAccount.length > 15 ||
        amount === undefined ||
        amount <= 0
      ) {
        return refusal('invalidParameter');
      }
      const biller = SIM_BILLERS_BY_ID.get(nonEmpty(body.billerId) ?? '');
      if (!biller) return refusal('billerDisabled');
      if (nonEmpty(body.itemId) !== biller.item.itemId) return refusal('billerItemMismatch');
      const { minAmount, maxAmount } = biller.item;
      if (minAmount !== null && amount < minAmount) return refusal('amountBelowMin');
      if (maxAmount !== null && amount > maxAmount) return refusal('amountAboveMax');
      if (billOrders.has(outOrderNo)) return refusal('tradeHadDeal');
      const refused = refusalFor(rechargeAccount);
      if (refused && refused !== 'tradeHadDeal') return refusal(refused);
      const charged = chargedAmount(rechargeAccount, amount);
      if (!refused && !ctx.wallet.covers(charged)) return refusal('merchantBalanceNotEnough');
      const scenario = refused
        ? 'delivered'
        : rechargeAccount.trim() === PALMPAY_CHARGED_LESS_ACCOUNT
          ? 'pendingThenDelivered'
          : bettingScenarioFor(rechargeAccount);
      if (scenario === 'noReply') return dropConnection(request, reply);

      const order: BillOrder = {
        outOrderNo,
        orderNo: newOrderNo('BP'),
        biller,
        amount: charged,
        rechargeAccount,
        notifyUrl,
        scenario,
        createdAtMs: now(),
        notified: false,
      };
      billOrders.set(outOrderNo, order);
      if (!refused && scenario !== 'failed' && scenario !== 'invalidAccount') {
        ctx.wallet.debit(charged);
      }
      // Orders that end at once are notified at once (after this reply is on its way).
      setImmediate(() => notifyIfSettled(order));
      // An earlier attempt of ours got through: PalmPay names the duplicate, not the order.
      if (refused === 'tradeHadDeal') return refusal('tradeHadDeal');

      const created = (orderStatus: 1 | 2 | 3) =>
        replies.billOrderCreated({
          outOrderNo,
          orderNo: order.orderNo,
          orderStatus,
          amount: charged,
          sceneCode: BETTING_SCENE,
          msg: orderStatus === 3 ? 'FAILED' : orderStatus === 2 ? 'SUCCESS' : 'PROCESSING',
        });
      switch (scenario) {
        case 'http500':
          return sendHtml500(reply);
        case 'malformed':
          return sendMalformed(reply, `{"respCode":"00000000","data":{"outOrderNo":"${outOrderNo}`);
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
      if (nonEmpty(body.sceneCode) !== BETTING_SCENE) return refusal('invalidSceneCode');
      if (!outOrderNo && !orderNo) return refusal('invalidParameter');
      const order = outOrderNo
        ? billOrders.get(outOrderNo)
        : [...billOrders.values()].find((o) => o.orderNo === orderNo);
      return order ? billOrderReply(order) : refusal('billOrderNotFound');
    });
  }

  return {
    routes,
    stop() {
      clearInterval(ticker);
    },
  };
}
