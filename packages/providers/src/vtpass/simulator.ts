/**
 * The VTpass simulator: speaks VTpass's wire format (service-variations, merchant-verify, pay,
 * requery, balance) with its auth headers, its documented codes and its sandbox magic values, and
 * keeps the orders in memory so a requery answers what the pay call did. Replies are built from
 * the documented shapes in fixtures/ (sim-replies.ts); pay bodies are checked in sim-accept.ts.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonObject } from '../wire';
import { ELECTRICITY_MIN_NAIRA } from '@owo/shared/constants';
import type { VtpassKeys } from '../types';
import { isObject, nonEmpty } from '../wire';
import {
  scenarioFor,
  vtpassCodeScenarioFor,
  FAILED_THEN_DELIVERED_AFTER_MS,
  SETTLE_AFTER_MS,
  VTPASS_TOKEN_LATER_AFTER_MS,
  VTPASS_TOKEN_LATER_METER,
  type Scenario,
  type VtpassCodeScenario,
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
import { SimWallet } from '../sandbox/sim-wallet';
import { VTPASS_SERVICES, VTPASS_SMARTCARD_SERVICES } from './catalogue';
import { createVtpassWebhookSender, type NotifyTarget } from './notifier';
import { acceptOrder, requestIdProblem } from './sim-accept';
import { categoriesReply, servicesReplyFor } from './sim-catalogue';
import {
  balanceReplyOf,
  errorReply,
  requeryCodeReply,
  reversalUpdate,
  transactionReply,
  variationsReplyFor,
  verifyMeterReply,
  verifyStartimesReply,
  verifyTvReply,
  wrongNumberReply,
  type ReplyOrder,
} from './sim-replies';

/**
 * The sandbox's VTpass login for Basic auth (VTpass: "username:password", the account's e-mail
 * and password), the other documented way to authenticate besides the api-key headers.
 */
export const VTPASS_SANDBOX_LOGIN = {
  username: 'sandbox@owo.local',
  password: 'owo-sandbox-vtpass-password',
} as const;

export interface VtpassSimulatorOptions extends SimulatorOptions {
  keys: VtpassKeys;
  /** Basic-auth login; VTPASS_SANDBOX_LOGIN when not given. */
  login?: { username: string; password: string };
  /** Our VTpass wallet; the sandbox's control call sets it. */
  wallet?: SimWallet;
  /** The callback URL set on the VTpass dashboard (our webhook), read at each delivery. */
  notifyUrl?: NotifyTarget;
  webhookRetryDelaysMs?: readonly number[];
}

interface VtpassOrder extends ReplyOrder {
  scenario: Scenario;
  codeScenario?: VtpassCodeScenario;
  /** Set when VTpass took a delivered order back (the sandbox's reverse control call). */
  reversal?: JsonObject;
}

/** The sandbox's own control calls for VTpass (not VTpass's API). */
export const VTPASS_CONTROL_PREFIX = '/sandbox/vtpass';

const METER_PATTERN = /^\d{11,13}$/;
const SMARTCARD_PATTERN = /^\d{10,11}$/;
const PHONE_PATTERN = /^\+?\d{10,14}$/;

const STATUS_DESCRIPTION: Record<SimStatus, string> = {
  delivered: 'TRANSACTION SUCCESSFUL',
  pending: 'TRANSACTION PROCESSING',
  reversed: 'TRANSACTION REVERSED',
  failed: 'TRANSACTION FAILED',
};

/**
 * The simulator's VTpass API and the sandbox's control calls beside it, sharing its orders: a
 * delivered order can be reversed after the fact, as VTpass's staff do, and the simulator then
 * posts VTpass's transaction-update callback and answers the requery with the reversal.
 */
export function createVtpassSimulator(options: VtpassSimulatorOptions) {
  const orders = new Map<string, VtpassOrder>();
  const wallet = options.wallet ?? new SimWallet();
  const sender = createVtpassWebhookSender(options.webhookRetryDelaysMs);

  const control: FastifyPluginAsync = async (app) => {
    // POST /sandbox/vtpass/reverse {"requestId": "..."}: VTpass reverses a delivered order to our
    // VTpass wallet and sends its callback. Again for an order already reversed: the same
    // callback is sent again (a replay), and nothing else changes.
    app.post('/reverse', async (request, reply) => {
      const body = isObject(request.body) ? request.body : {};
      const requestId = nonEmpty(body.requestId);
      const order = requestId ? orders.get(requestId) : undefined;
      if (!order) return reply.code(404).send({ error: 'no VTpass order with that requestId' });
      if (!order.reversal) {
        if (
          order.codeScenario ||
          statusAt(order.scenario, order.createdAtMs, options.now()) !== 'delivered'
        ) {
          return reply.code(409).send({ error: 'only a delivered order can be reversed' });
        }
        order.reversal = reversalUpdate(order, `${options.now()}${order.transactionId.slice(-6)}`);
        wallet.credit(order.amountKobo);
      }
      const event = order.reversal;
      const delivered = await sender.send(options.notifyUrl, event);
      return { delivered, event };
    });
  };

  return {
    api: (app: Parameters<FastifyPluginAsync>[0]) => vtpassApi(app, options, orders, wallet),
    control,
    stop: () => sender.stop(),
  };
}

async function vtpassApi(
  app: Parameters<FastifyPluginAsync>[0],
  options: VtpassSimulatorOptions,
  orders: Map<string, VtpassOrder>,
  wallet: SimWallet,
) {
  const { keys, now, holdMs } = options;
  let sequence = 0;

  const login = options.login ?? VTPASS_SANDBOX_LOGIN;
  const basic = `Basic ${Buffer.from(`${login.username}:${login.password}`).toString('base64')}`;

  // VTpass keys: reads carry the public key, writes the secret key; both carry the api key.
  // Or Basic auth with the account's login, which VTpass documents as well.
  app.addHook('onRequest', async (request, reply) => {
    const headers = request.headers;
    if (headers.authorization !== undefined) {
      if (headers.authorization === basic) return;
      return reply.code(401).send(errorReply('087', 'Invalid login'));
    }
    const second = request.method === 'GET' ? headers['public-key'] : headers['secret-key'];
    const expected = request.method === 'GET' ? keys.publicKey : keys.secretKey;
    if (headers['api-key'] !== keys.apiKey || second !== expected) {
      return reply.code(401).send(errorReply('087', 'Invalid API keys'));
    }
  });

  app.get('/service-categories', async () => categoriesReply());

  app.get('/services', async (request) => {
    const query = isObject(request.query) ? request.query : {};
    return servicesReplyFor(nonEmpty(query.identifier) ?? '');
  });

  app.get('/balance', async () => balanceReplyOf(wallet.balanceKobo));

  app.get('/service-variations', async (request) => {
    const query = isObject(request.query) ? request.query : {};
    const service = VTPASS_SERVICES.get(nonEmpty(query.serviceID) ?? '');
    if (!service) return errorReply('012', 'Unknown serviceID');
    return variationsReplyFor(service);
  });

  app.post('/merchant-verify', async (request) => {
    const body = isObject(request.body) ? request.body : {};
    const billersCode = nonEmpty(body.billersCode);
    const service = VTPASS_SERVICES.get(nonEmpty(body.serviceID) ?? '');
    if (!service) return errorReply('012', 'Unknown serviceID');
    if (!billersCode) return errorReply('011', 'billersCode is required');
    const wellFormed = (pattern: RegExp) =>
      pattern.test(billersCode) && scenarioFor(billersCode) !== 'invalidAccount';

    if (service.kind === 'electricity') {
      const type = nonEmpty(body.type)?.toLowerCase();
      if (type !== 'prepaid' && type !== 'postpaid') {
        return errorReply('011', 'type must be prepaid or postpaid');
      }
      if (!wellFormed(METER_PATTERN)) {
        return wrongNumberReply(
          `This meter is not correct or is not a valid ${service.name.replace(/ Payment$/, '')} ${type} meter. Please check and try again`,
        );
      }
      return verifyMeterReply(billersCode, type, ELECTRICITY_MIN_NAIRA);
    }
    if (VTPASS_SMARTCARD_SERVICES.has(service.serviceID)) {
      if (!wellFormed(SMARTCARD_PATTERN)) {
        return wrongNumberReply(
          'This IUC / smartcard number is not valid. Please check the number and try again',
        );
      }
      if (service.serviceID === 'startimes') return verifyStartimesReply(billersCode);
      const dueMs = now() + (3 + pick(`due:${billersCode}`, 25)) * 24 * 60 * 60 * 1000;
      return verifyTvReply(service, billersCode, dueMs);
    }
    return errorReply('012', `${service.serviceID} has nothing to verify`);
  });

  app.post('/pay', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const requestId = nonEmpty(body.request_id);
    if (!requestId) return errorReply('011', 'request_id is required');
    const badId = requestIdProblem(requestId, now());
    if (badId) return badId;
    if (orders.has(requestId)) return errorReply('014');
    const service = VTPASS_SERVICES.get(nonEmpty(body.serviceID) ?? '');
    if (!service) return errorReply('012', 'Unknown serviceID');
    const phone = nonEmpty(body.phone);
    if (!phone || !PHONE_PATTERN.test(phone)) return errorReply('011', 'phone is required');

    const accepted = acceptOrder(service, body, phone);
    if ('error' in accepted) return accepted.error;
    const codeScenario = vtpassCodeScenarioFor(accepted.uniqueElement);
    // Refused before anything is recorded: a requery of these ids answers 015.
    if (codeScenario === 'ipNotWhitelisted027') return errorReply('027');
    if (codeScenario === 'lowWalletBalance018') return errorReply('018');
    if (codeScenario === 'invalidCredentials087') return errorReply('087');
    if (!wallet.covers(accepted.amountKobo)) return errorReply('018');
    const scenario = codeScenario ? 'pendingForever' : scenarioFor(accepted.uniqueElement);
    if (scenario === 'noReply') return dropConnection(request, reply);

    sequence += 1;
    const withholdToken =
      accepted.uniqueElement === VTPASS_TOKEN_LATER_METER && accepted.variation?.code === 'prepaid';
    const order: VtpassOrder = {
      withholdToken,
      requestId,
      service,
      scenario,
      codeScenario,
      createdAtMs: now(),
      phone,
      transactionId: `${now()}${String(sequence).padStart(4, '0')}`,
      ...accepted,
    };
    orders.set(requestId, order);
    if (scenario !== 'failed' && scenario !== 'invalidAccount') wallet.debit(order.amountKobo);
    return answerPay(order, request, reply);
  });

  app.post('/requery', async (request) => {
    const body = isObject(request.body) ? request.body : {};
    const requestId = nonEmpty(body.request_id);
    if (!requestId) return errorReply('011', 'request_id is required');
    const order = orders.get(requestId);
    if (!order) return requeryCodeReply('015', requestId);
    // VTpass: the callback's data "is very similar to the transaction requery response".
    if (order.reversal) return order.reversal.data;
    if (order.codeScenario === 'reversal040') {
      return now() - order.createdAtMs >= SETTLE_AFTER_MS
        ? requeryCodeReply('040', requestId)
        : transactionReply(order, 'requery', '000', 'pending', STATUS_DESCRIPTION.pending);
    }
    if (order.codeScenario === 'statusFailed000') {
      // The order answered "failed" at first is delivered after all.
      return now() - order.createdAtMs >= FAILED_THEN_DELIVERED_AFTER_MS
        ? transactionReply(order, 'requery', '000', 'delivered', STATUS_DESCRIPTION.delivered)
        : transactionReply(order, 'requery', '000', 'failed', STATUS_DESCRIPTION.failed);
    }
    const status = statusAt(order.scenario, order.createdAtMs, now());
    // A failed order answers the documented requery code 016 TRANSACTION FAILED; a 000 with
    // status "failed" is not in VTpass's status table (the statusFailed000 value serves that).
    if (status === 'failed') return { ...errorReply('016'), requestId };
    // The "token later" meter: the token reaches VTpass's records after the vend.
    const tokenKnown = now() - order.createdAtMs >= VTPASS_TOKEN_LATER_AFTER_MS;
    const asNow = { ...order, withholdToken: order.withholdToken === true && !tokenKnown };
    return transactionReply(asNow, 'requery', '000', status, STATUS_DESCRIPTION[status]);
  });

  async function answerPay(order: VtpassOrder, request: FastifyRequest, reply: FastifyReply) {
    if (order.codeScenario === 'reversal040') {
      return transactionReply(order, 'pay', '099', 'initiated', 'TRANSACTION IS PROCESSING');
    }
    if (order.codeScenario === 'statusFailed000') {
      return transactionReply(order, 'pay', '000', 'failed', STATUS_DESCRIPTION.failed);
    }
    switch (order.scenario) {
      case 'http500':
        return sendHtml500(reply);
      case 'malformed':
        return sendMalformed(reply, '{"code":"000","content":{"transactions":{"status":"deliv');
      case 'timeout': {
        const stillThere = await holdOpen(request, holdMs);
        if (!stillThere) return abandon(reply);
        return transactionReply(order, 'pay', '000', 'delivered', STATUS_DESCRIPTION.delivered);
      }
      case 'failed':
      case 'invalidAccount':
        return { ...errorReply('016'), requestId: order.requestId };
      case 'pendingThenDelivered':
        // VTpass's "099 processing" form of pending…
        return transactionReply(order, 'pay', '099', 'initiated', 'TRANSACTION IS PROCESSING');
      case 'pendingThenReversed':
      case 'pendingForever':
        // …and its "000 processed, status pending" form; the adapter must read both as pending.
        return transactionReply(order, 'pay', '000', 'pending', STATUS_DESCRIPTION.pending);
      default:
        return transactionReply(order, 'pay', '000', 'delivered', STATUS_DESCRIPTION.delivered);
    }
  }
}
