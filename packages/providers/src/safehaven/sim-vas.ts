/**
 * The Safe Haven simulator's VAS routes: services, categories, products, vas/verify, vas/pay/* and
 * vas/transaction/{id}. Replies are built from the fixtures (replies.ts). As Safe Haven documents,
 * a pay body carries no reference of ours: the simulator names each order with its own 24-hex
 * `id` and 32-hex `reference`, and the transaction lookup takes that id only.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { koboToNaira } from '@owo/shared/money';
import { ELECTRICITY_MAX_NAIRA, ELECTRICITY_MIN_NAIRA } from '@owo/shared/constants';
import type { SafeHavenPayKind, SafeHavenServiceIdentifier } from '../types';
import { isObject, nairaToKobo, nonEmpty, type JsonObject } from '../wire';
import { customerFor } from '../sandbox/customers';
import {
  MAGIC_METERS,
  SAFEHAVEN_VERIFY_UNAVAILABLE,
  safeHavenAnswers402,
  scenarioFor,
} from '../sandbox/magic';
import {
  abandon,
  dropConnection,
  holdOpen,
  sendHtml500,
  sendMalformed,
  statusAt,
  tokenFor,
  type SimStatus,
} from '../sandbox/sim-kit';
import { SAFEHAVEN_CATEGORIES, SAFEHAVEN_SERVICES } from './catalogue';
import { errorBody, FIXTURES, PAY_SUCCESS, withData, withList } from './replies';
import { acceptOrder, type VasOrder } from './sim-orders';
import insufficientBalance from './fixtures/pay-insufficient-balance.json';
import requestFailed from './fixtures/pay-request-failed.json';
import type { SimWallet } from '../sandbox/sim-wallet';

export interface VasSimContext {
  ibsClientId: string;
  debitAccountNumber: string;
  now: () => number;
  holdMs: number;
  sessionId(): string;
  /** Orders by Safe Haven's id. */
  orders: Map<string, VasOrder>;
  /** Our debit account's balance: VAS orders are paid from it; GET accounts reads it. */
  wallet: SimWallet;
}

const METER_NUMBER = /^\d{11,13}$/;
const CARD_NUMBER = /^\d{10,11}$/;
const CHANNELS = new Set(['WEB', 'POS', 'ATM']);

const SERVICE_OF_KIND: Record<SafeHavenPayKind, SafeHavenServiceIdentifier> = {
  airtime: 'AIRTIME',
  data: 'DATA',
  'cable-tv': 'CABLETV',
  utility: 'UTILITY',
};

/**
 * The wire status of each simulated state. Only `successful` is documented; the others are the
 * sandbox's stand-ins for "not (yet) delivered", which the adapter reads as pending (SOURCES.md).
 */
const WIRE_STATUS: Record<SimStatus, string> = {
  delivered: 'successful',
  pending: 'processing',
  failed: 'failed',
  reversed: 'reversed',
};

const send = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).send(errorBody(status, message));

export function registerVasRoutes(app: FastifyInstance, ctx: VasSimContext): void {
  const { now, orders } = ctx;

  app.get('/vas/services', async () =>
    withList(FIXTURES.servicesSuccess, SAFEHAVEN_SERVICES.map(serviceRecord)),
  );

  app.get<{ Params: { id: string } }>('/vas/service/:id', async (request, reply) => {
    const service = SAFEHAVEN_SERVICES.find((s) => s.id === request.params.id);
    if (!service) return send(reply, 404, 'Service not found');
    return withData(FIXTURES.servicesSuccess, serviceRecord(service), {
      message: 'Service fetched successfully.',
    });
  });

  app.get<{ Params: { id: string } }>('/vas/service/:id/service-categories', async (req, reply) => {
    const service = SAFEHAVEN_SERVICES.find((s) => s.id === req.params.id);
    if (!service) return send(reply, 404, 'Service not found');
    const categories = [...SAFEHAVEN_CATEGORIES.values()].filter(
      (c) => c.service === service.identifier,
    );
    return withList(
      FIXTURES.serviceCategoriesSuccess,
      categories.map((c) => ({
        _id: c.id,
        name: c.name,
        identifier: c.identifier,
        service: service.id,
        isFixedAmount: c.isFixedAmount,
        description: c.description,
      })),
    );
  });

  app.get<{ Params: { id: string } }>('/vas/service-category/:id/products', async (req, reply) => {
    const category = SAFEHAVEN_CATEGORIES.get(req.params.id);
    if (!category) return send(reply, 404, 'Service category not found');
    return withList(
      FIXTURES.productsSuccess,
      category.products.map((product) => ({
        name: product.name,
        bundleCode: product.bundleCode,
        amount: product.amount,
        duration: product.duration || undefined,
        isAmountFixed: product.amount !== null,
      })),
    );
  });

  app.post('/vas/verify', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const category = SAFEHAVEN_CATEGORIES.get(nonEmpty(body.serviceCategoryId) ?? '');
    const entityNumber = nonEmpty(body.entityNumber);
    if (!category) return send(reply, 400, 'Invalid service category');
    if (!entityNumber) return send(reply, 400, '"entityNumber" is required');
    if (category.service === 'UTILITY') {
      if (entityNumber === SAFEHAVEN_VERIFY_UNAVAILABLE.meter) {
        return send(reply, 500, 'Unable to verify meter at this time');
      }
      if (!METER_NUMBER.test(entityNumber) || scenarioFor(entityNumber) === 'invalidAccount') {
        return send(reply, 400, 'Invalid meter number. Please check and try again.');
      }
      const customer = customerFor(entityNumber);
      const postpaid = entityNumber === MAGIC_METERS.deliveredPostpaid;
      return withData(FIXTURES.verifyPowerSuccess, {
        discoCode: category.identifier,
        vendType: postpaid ? 'POSTPAID' : 'PREPAID',
        meterNo: entityNumber,
        minVendAmount: ELECTRICITY_MIN_NAIRA,
        maxVendAmount: ELECTRICITY_MAX_NAIRA,
        outstanding: postpaid ? 4520 : 0,
        debtRepayment: 0,
        name: customer.name,
        address: customer.address,
        orderId: randomBytes(16).toString('hex').toUpperCase(),
      });
    }
    if (category.service === 'CABLETV') {
      if (entityNumber === SAFEHAVEN_VERIFY_UNAVAILABLE.smartcard) {
        return send(reply, 500, 'Unable to verify card at this time');
      }
      if (!CARD_NUMBER.test(entityNumber) || scenarioFor(entityNumber) === 'invalidAccount') {
        return send(reply, 400, 'Invalid card number. Please check and try again.');
      }
      return withData(
        FIXTURES.verifyCableSuccess,
        { name: customerFor(entityNumber).name },
        { sessionId: ctx.sessionId() },
      );
    }
    return send(reply, 400, 'This service category cannot be verified');
  });

  for (const kind of Object.keys(SERVICE_OF_KIND) as SafeHavenPayKind[]) {
    app.post(`/vas/pay/${kind}`, (request, reply) => pay(kind, request, reply));
  }

  async function pay(kind: SafeHavenPayKind, request: FastifyRequest, reply: FastifyReply) {
    const body = isObject(request.body) ? request.body : {};
    const category = SAFEHAVEN_CATEGORIES.get(nonEmpty(body.serviceCategoryId) ?? '');
    if (!category || category.service !== SERVICE_OF_KIND[kind]) {
      return send(reply, 400, 'Invalid service category');
    }
    if (!CHANNELS.has(nonEmpty(body.channel) ?? '')) {
      return send(reply, 400, '"channel" must be one of [WEB, POS, ATM]');
    }
    if (nonEmpty(body.debitAccountNumber) !== ctx.debitAccountNumber) {
      return send(reply, 400, 'Invalid debit account number');
    }
    const amountKobo = nairaToKobo(body.amount);
    if (amountKobo === null || amountKobo <= 0) {
      return send(reply, 400, '"amount" must be a positive number');
    }
    const accepted = acceptOrder(kind, category, body, amountKobo);
    if ('error' in accepted) return send(reply, 400, accepted.error);
    if (!ctx.wallet.covers(amountKobo)) {
      return reply.code(400).send(insufficientBalance);
    }
    // 402 "Request Failed" (Errors page), before anything is recorded: no id to look up.
    if (safeHavenAnswers402(accepted.uniqueElement)) {
      return reply.code(402).send(requestFailed);
    }
    const scenario = scenarioFor(accepted.uniqueElement);
    // Never recorded: there is no id to look up, as with a real lost request.
    if (scenario === 'noReply') return dropConnection(request, reply);

    const order: VasOrder = {
      id: randomBytes(12).toString('hex'),
      reference: randomBytes(16).toString('hex'),
      kind,
      category,
      amountKobo,
      scenario,
      createdAtMs: now(),
      ...accepted,
    };
    orders.set(order.id, order);
    if (statusAt(scenario, order.createdAtMs, order.createdAtMs) !== 'failed') {
      ctx.wallet.debit(amountKobo);
    }

    switch (scenario) {
      case 'http500':
        return sendHtml500(reply);
      case 'malformed':
        return sendMalformed(reply, `{"statusCode":200,"message":"OK","data":{"status":"succ`);
      case 'timeout': {
        const stillThere = await holdOpen(request, ctx.holdMs);
        if (!stillThere) return abandon(reply);
        return record(order);
      }
      case 'failed':
      case 'invalidAccount':
        // Refused before any debit: Safe Haven's documented 400, with no transaction record.
        orders.delete(order.id);
        return send(reply, 400, 'Transaction failed. Please try again.');
      default:
        return record(order);
    }
  }

  app.get<{ Params: { id: string } }>('/vas/transaction/:id', async (request, reply) => {
    const order = orders.get(request.params.id);
    if (!order) return reply.code(404).send(FIXTURES.transactionNotFound);
    return record(order, FIXTURES.transactionSuccessful);
  });

  /**
   * The order as a reply: the kind's documented pay reply (or the lookup's envelope) with the
   * order's values. A status that is not `successful` takes the pending fixture's message.
   */
  function record(order: VasOrder, envelope?: JsonObject): JsonObject {
    const status = WIRE_STATUS[statusAt(order.scenario, order.createdAtMs, now())];
    const success = PAY_SUCCESS[order.kind];
    const message =
      envelope?.message ??
      (status === 'successful' ? success.message : FIXTURES.payProcessing.message);
    const data: JsonObject = {
      clientId: ctx.ibsClientId,
      serviceCategoryId: order.category.id,
      reference: order.reference,
      status,
      amount: koboToNaira(order.amountKobo),
      id: order.id,
    };
    if (order.kind === 'cable-tv') {
      data.receiver = {
        number: order.uniqueElement,
        name: null,
        customerNumber: null,
        distribution: order.category.identifier,
        vendType: '',
      };
    }
    if (order.kind === 'utility') {
      // Only a delivered prepaid vend has a token; postpaid pays a bill.
      const vended = status === 'successful' && order.vendType === 'PREPAID';
      data.utilityToken = vended ? tokenFor(order.id) : undefined;
    }
    return withData(success, data, { message });
  }
}

function serviceRecord(service: (typeof SAFEHAVEN_SERVICES)[number]): JsonObject {
  return {
    _id: service.id,
    name: service.name,
    identifier: service.identifier,
    description: service.description,
  };
}
