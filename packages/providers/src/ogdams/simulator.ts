/**
 * The Ogdams simulator: Bearer-key auth, `{status, data:{msg, …}}` replies, HTTP 202 for accepted
 * orders still processing, and a requery by our reference from the orders it keeps in memory.
 * docs/decisions/0006 records the paths we had to choose.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AIRTIME_MAX_NAIRA, AIRTIME_MIN_NAIRA } from '@owo/shared/constants';
import { koboToNaira } from '@owo/shared/money';
import { isValidNigerianPhone } from '@owo/shared/phone';
import { integer, isObject, nairaToKobo, nonEmpty, type JsonObject } from '../wire';
import { scenarioFor, type Scenario } from '../sandbox/magic';
import {
  abandon,
  dropConnection,
  holdOpen,
  sendHtml500,
  sendMalformed,
  statusAt,
  type SimStatus,
  type SimulatorOptions,
} from '../sandbox/sim-kit';
import { OGDAMS_PLANS } from './catalogue';

export interface OgdamsSimulatorOptions extends SimulatorOptions {
  apiKey: string;
}

interface OgdamsOrder {
  reference: string;
  transactionId: string;
  kind: 'data' | 'airtime';
  scenario: Scenario;
  createdAtMs: number;
  fields: JsonObject;
}

const REFERENCE_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
const NAIRA = 100;

const WIRE_STATUS: Record<SimStatus, string> = {
  delivered: 'successful',
  pending: 'pending',
  failed: 'failed',
  reversed: 'reversed',
};

const MESSAGE: Record<SimStatus, string> = {
  delivered: 'Transaction successful',
  pending: 'Transaction accepted and processing',
  failed: 'Transaction failed',
  reversed: 'Transaction reversed; wallet refunded',
};

function refuse(reply: FastifyReply, code: number, msg: string) {
  return reply.code(code).send({ status: false, code, data: { msg } });
}

export const ogdamsSimulator: FastifyPluginAsync<OgdamsSimulatorOptions> = async (app, options) => {
  const { apiKey, now, holdMs } = options;
  const orders = new Map<string, OgdamsOrder>();
  let sequence = 0;

  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return refuse(reply, 401, 'Unauthorized: missing or invalid API key');
    }
  });

  app.get('/get/data/plans', async () => ({
    status: true,
    code: 200,
    data: OGDAMS_PLANS.map((p) => ({
      planId: p.planId,
      networkId: p.networkId,
      network: 'AIRTEL',
      name: p.name,
      validity: p.validity,
      amount: p.amount,
    })),
  }));

  app.post('/vend/data', async (request, reply) => {
    const body = bodyOf(request);
    const networkId = integer(body.networkId);
    if (networkId === undefined || networkId < 1 || networkId > 4) {
      return refuse(reply, 400, 'Invalid networkId');
    }
    const plan = OGDAMS_PLANS.find((p) => p.planId === nonEmpty(body.planId));
    if (!plan || plan.networkId !== networkId) {
      return refuse(reply, 400, 'Invalid planId for this network');
    }
    const phone = nonEmpty(body.phoneNumber);
    if (!phone || !isValidNigerianPhone(phone)) return refuse(reply, 400, 'Invalid phoneNumber');
    const reference = nonEmpty(body.reference);
    if (!reference || !REFERENCE_PATTERN.test(reference)) {
      return refuse(reply, 400, 'A unique reference is required');
    }
    return vend(request, reply, reference, phone, 'data', {
      networkId,
      planId: plan.planId,
      plan: plan.name,
      validity: plan.validity,
      phoneNumber: phone,
      amount: plan.amount,
    });
  });

  app.post('/vend/airtime', async (request, reply) => {
    const body = bodyOf(request);
    const networkId = integer(body.networkId);
    if (networkId === undefined || networkId < 1 || networkId > 4) {
      return refuse(reply, 400, 'Invalid networkId');
    }
    const amountKobo = nairaToKobo(body.amount);
    if (amountKobo === null || amountKobo < AIRTIME_MIN_NAIRA * NAIRA) {
      return refuse(reply, 400, `Minimum amount is ${AIRTIME_MIN_NAIRA}`);
    }
    if (amountKobo > AIRTIME_MAX_NAIRA * NAIRA) {
      return refuse(reply, 400, `Maximum amount is ${AIRTIME_MAX_NAIRA}`);
    }
    if (nonEmpty(body.type)?.toUpperCase() !== 'VTU') return refuse(reply, 400, 'type must be VTU');
    const phone = nonEmpty(body.phoneNumber);
    if (!phone || !isValidNigerianPhone(phone)) return refuse(reply, 400, 'Invalid phoneNumber');
    const reference = nonEmpty(body.reference);
    if (!reference || !REFERENCE_PATTERN.test(reference)) {
      return refuse(reply, 400, 'A unique reference is required');
    }
    return vend(request, reply, reference, phone, 'airtime', {
      networkId,
      phoneNumber: phone,
      amount: koboToNaira(amountKobo),
      type: 'VTU',
    });
  });

  app.get<{ Params: { reference: string } }>(
    '/transaction/status/:reference',
    async (request, reply) => {
      const order = orders.get(request.params.reference);
      if (!order) return refuse(reply, 404, 'Transaction not found');
      const status = statusAt(order.scenario, order.createdAtMs, now());
      return { status: true, code: 200, data: orderData(order, status) };
    },
  );

  async function vend(
    request: FastifyRequest,
    reply: FastifyReply,
    reference: string,
    phone: string,
    kind: OgdamsOrder['kind'],
    fields: JsonObject,
  ) {
    if (orders.has(reference)) return refuse(reply, 409, 'Duplicate reference');
    const scenario = scenarioFor(phone);
    if (scenario === 'noReply') return dropConnection(request, reply);
    sequence += 1;
    const order: OgdamsOrder = {
      reference,
      transactionId: `OGD${now()}${String(sequence).padStart(4, '0')}`,
      kind,
      scenario,
      createdAtMs: now(),
      fields,
    };
    orders.set(reference, order);

    const status = statusAt(scenario, order.createdAtMs, order.createdAtMs);
    switch (scenario) {
      case 'http500':
        return sendHtml500(reply);
      case 'malformed':
        return sendMalformed(reply, `{"status":true,"data":{"msg":"Transaction successful","sta`);
      case 'timeout':
        if (!(await holdOpen(request, holdMs))) return abandon(reply);
        return { status: true, code: 200, data: orderData(order, 'delivered') };
    }
    if (status === 'pending') {
      return reply.code(202).send({ status: true, code: 202, data: orderData(order, status) });
    }
    if (status === 'failed') {
      return reply.code(400).send({ status: false, code: 400, data: orderData(order, status) });
    }
    return { status: true, code: 200, data: orderData(order, status) };
  }

  function orderData(order: OgdamsOrder, status: SimStatus): JsonObject {
    return {
      msg: MESSAGE[status],
      status: WIRE_STATUS[status],
      reference: order.reference,
      transactionId: order.transactionId,
      type: order.kind,
      ...order.fields,
      createdAt: new Date(order.createdAtMs).toISOString(),
    };
  }
};

function bodyOf(request: FastifyRequest): JsonObject {
  return isObject(request.body) ? request.body : {};
}
