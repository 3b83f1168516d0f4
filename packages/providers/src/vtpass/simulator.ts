/**
 * The VTpass simulator: speaks VTpass's wire format (service-variations, merchant-verify, pay,
 * requery, balance) with its auth headers, its documented codes and its sandbox magic values, and
 * keeps the orders in memory so a requery answers what the pay call did. Replies are built from
 * the documented shapes in fixtures/ (sim-replies.ts); pay bodies are checked in sim-accept.ts.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ELECTRICITY_MIN_NAIRA } from '@owo/shared/constants';
import type { VtpassKeys } from '../types';
import { isObject, nonEmpty } from '../wire';
import {
  scenarioFor,
  vtpassCodeScenarioFor,
  SETTLE_AFTER_MS,
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
import { acceptOrder, requestIdProblem } from './sim-accept';
import {
  balanceReplyOf,
  errorReply,
  requeryCodeReply,
  transactionReply,
  variationsReplyFor,
  verifyMeterReply,
  verifyStartimesReply,
  verifyTvReply,
  wrongNumberReply,
  type ReplyOrder,
} from './sim-replies';

export interface VtpassSimulatorOptions extends SimulatorOptions {
  keys: VtpassKeys;
  /** Our VTpass wallet; the sandbox's control call sets it. */
  wallet?: SimWallet;
}

interface VtpassOrder extends ReplyOrder {
  scenario: Scenario;
  codeScenario?: VtpassCodeScenario;
}

const METER_PATTERN = /^\d{11,13}$/;
const SMARTCARD_PATTERN = /^\d{10,11}$/;
const PHONE_PATTERN = /^\+?\d{10,14}$/;

const STATUS_DESCRIPTION: Record<SimStatus, string> = {
  delivered: 'TRANSACTION SUCCESSFUL',
  pending: 'TRANSACTION PROCESSING',
  reversed: 'TRANSACTION REVERSED',
  failed: 'TRANSACTION FAILED',
};

export const vtpassSimulator: FastifyPluginAsync<VtpassSimulatorOptions> = async (app, options) => {
  const { keys, now, holdMs } = options;
  const orders = new Map<string, VtpassOrder>();
  let sequence = 0;
  const wallet = options.wallet ?? new SimWallet();

  // VTpass keys: reads carry the public key, writes the secret key; both carry the api key.
  app.addHook('onRequest', async (request, reply) => {
    const headers = request.headers;
    const second = request.method === 'GET' ? headers['public-key'] : headers['secret-key'];
    const expected = request.method === 'GET' ? keys.publicKey : keys.secretKey;
    if (headers['api-key'] !== keys.apiKey || second !== expected) {
      return reply.code(401).send(errorReply('087', 'Invalid API keys'));
    }
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
    if (!wallet.covers(accepted.amountKobo)) return errorReply('018');
    const scenario = codeScenario ? 'pendingForever' : scenarioFor(accepted.uniqueElement);
    if (scenario === 'noReply') return dropConnection(request, reply);

    sequence += 1;
    const order: VtpassOrder = {
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
    if (order.codeScenario === 'reversal040') {
      return now() - order.createdAtMs >= SETTLE_AFTER_MS
        ? requeryCodeReply('040', requestId)
        : transactionReply(order, 'requery', '000', 'pending', STATUS_DESCRIPTION.pending);
    }
    const status = statusAt(order.scenario, order.createdAtMs, now());
    return transactionReply(order, 'requery', '000', status, STATUS_DESCRIPTION[status]);
  });

  async function answerPay(order: VtpassOrder, request: FastifyRequest, reply: FastifyReply) {
    if (order.codeScenario === 'reversal040') {
      return transactionReply(order, 'pay', '099', 'initiated', 'TRANSACTION IS PROCESSING');
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
};
