/**
 * The Ogdams simulator: Bearer-key auth, every reply in Ogdams's `{status, code, data: {msg, ref}}`
 * envelope built from the fixture files (so the sandbox and the fixture tests cannot drift), HTTP
 * status equal to `code`, and no status lookup (Ogdams documents none). Outcomes that are not
 * final at once follow by webhook: orders settle by the sandbox clock and a ticker posts the
 * signed event for each order that reached its final status. SOURCES.md has the public sources.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AIRTIME_MAX_NAIRA, AIRTIME_MIN_NAIRA } from '@owo/shared/constants';
import { isValidNigerianPhone } from '@owo/shared/phone';
import { integer, isObject, nairaToKobo, nonEmpty, type JsonObject } from '../wire';
import { scenarioFor, type Scenario } from '../sandbox/magic';
import {
  abandon,
  dropConnection,
  holdOpen,
  nairaText,
  sendHtml500,
  sendMalformed,
  statusAt,
  type SimulatorOptions,
} from '../sandbox/sim-kit';
import { OGDAMS_PLANS } from './catalogue';
import { createOgdamsWebhookSender, type NotifyTarget } from './notifier';
import { OGDAMS_REFERENCE_MAX } from './protocol';
import balanceFixture from './fixtures/balance-success.json';
import plansFixture from './fixtures/plans-v1.json';
import dataSuccess from './fixtures/vend-data-success.json';
import airtimeSuccess from './fixtures/vend-airtime-success.json';
import processing from './fixtures/vend-data-processing.json';
import refused from './fixtures/vend-data-failed.json';
import unauthorized from './fixtures/vend-unauthorized.json';
import duplicate from './fixtures/vend-undocumented-code.json';
import webhookDelivered from './fixtures/webhook-delivered.json';
import webhookFailed from './fixtures/webhook-failed.json';
import { SimWallet } from '../sandbox/sim-wallet';

export interface OgdamsSimulatorOptions extends SimulatorOptions {
  apiKey: string;
  /** Where events go (the URL set on Ogdams's dashboard), read at each delivery. */
  notifyUrl?: NotifyTarget;
  /** Keys the event signature; Ogdams uses our secret (API) key. */
  webhookSecret?: string;
  /** How often (real ms) the ticker looks for orders the clock has settled. Default 500. */
  tickMs?: number;
  webhookRetryDelaysMs?: readonly number[];
  /** Our Ogdams wallet; the sandbox's control call sets it. */
  wallet?: SimWallet;
}

interface OgdamsOrder {
  reference: string;
  ref: string;
  kind: 'data' | 'airtime';
  networkId: number;
  scenario: Scenario;
  createdAtMs: number;
  summary: string;
  notified: boolean;
}

const REFERENCE_PATTERN = new RegExp(`^[A-Za-z0-9_.:|-]{1,${OGDAMS_REFERENCE_MAX}}$`);
const NAIRA = 100;

/** An envelope fixture with our values: HTTP status is the envelope's code, as Ogdams sends. */
function envelope(
  reply: FastifyReply,
  fixture: { code: number; data: object },
  msg: string,
  ref: string | null,
) {
  const body = { ...fixture, data: { ...fixture.data, msg, ref } };
  return reply.code(fixture.code).send(body);
}

export const ogdamsSimulator: FastifyPluginAsync<OgdamsSimulatorOptions> = async (app, options) => {
  const { apiKey, now, holdMs } = options;
  const orders = new Map<string, OgdamsOrder>();
  const sender = createOgdamsWebhookSender(
    options.webhookSecret ?? apiKey,
    options.webhookRetryDelaysMs,
  );
  let sequence = 0;
  const wallet = options.wallet ?? new SimWallet();

  function notifyIfSettled(order: OgdamsOrder) {
    if (order.notified) return;
    const status = statusAt(order.scenario, order.createdAtMs, now());
    if (status === 'pending') return;
    order.notified = true;
    const fixture = status === 'delivered' ? webhookDelivered : webhookFailed;
    const msg = status === 'delivered' ? `${order.summary} delivered.` : 'Transaction failed.';
    const event = {
      ...fixture,
      event: {
        ...fixture.event,
        type: order.kind,
        data: { ...fixture.event.data, network: order.networkId, msg, reference: order.reference },
      },
    };
    void sender.send(options.notifyUrl, event);
  }

  const ticker = setInterval(() => {
    for (const order of orders.values()) notifyIfSettled(order);
  }, options.tickMs ?? 500);
  ticker.unref();
  app.addHook('onClose', async () => {
    clearInterval(ticker);
    sender.stop();
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return envelope(reply, unauthorized, unauthorized.data.msg, null);
    }
  });

  app.get('/get/data/plans', async () => ({
    ...plansFixture,
    data: {
      ...plansFixture.data,
      msg: OGDAMS_PLANS.map((p) => ({
        networkId: p.networkId,
        planId: Number(p.planId),
        name: p.name,
        price: nairaText(p.amount * NAIRA),
        validity: p.validity,
      })),
    },
  }));

  app.get('/get/balances', async () => ({
    ...balanceFixture,
    data: {
      ...balanceFixture.data,
      msg: { ...balanceFixture.data.msg, mainBalance: nairaText(wallet.balanceKobo) },
    },
  }));

  app.post('/vend/data', async (request, reply) => {
    const body = bodyOf(request);
    const networkId = integer(body.networkId);
    if (networkId === undefined || networkId < 1 || networkId > 4) {
      return envelope(reply, refused, 'Invalid networkId', null);
    }
    const plan = OGDAMS_PLANS.find((p) => p.planId === nonEmpty(body.planId));
    if (!plan || plan.networkId !== networkId) {
      return envelope(reply, refused, 'Invalid planId for the selected network', null);
    }
    const phone = nonEmpty(body.phoneNumber);
    if (!phone || !isValidNigerianPhone(phone)) {
      return envelope(reply, refused, 'Invalid phoneNumber', null);
    }
    return vend(request, reply, body, {
      kind: 'data',
      networkId,
      phone,
      amountKobo: plan.amount * NAIRA,
      summary: `${plan.name} (${plan.validity}) to ${phone}`,
    });
  });

  app.post('/vend/airtime', async (request, reply) => {
    const body = bodyOf(request);
    const networkId = integer(body.networkId);
    if (networkId === undefined || networkId < 1 || networkId > 4) {
      return envelope(reply, refused, 'Invalid networkId', null);
    }
    const amountKobo = nairaToKobo(body.amount);
    if (amountKobo === null || amountKobo < AIRTIME_MIN_NAIRA * NAIRA) {
      return envelope(reply, refused, `Minimum amount is ${AIRTIME_MIN_NAIRA}`, null);
    }
    if (amountKobo > AIRTIME_MAX_NAIRA * NAIRA) {
      return envelope(reply, refused, `Maximum amount is ${AIRTIME_MAX_NAIRA}`, null);
    }
    const type = nonEmpty(body.type)?.toLowerCase() ?? 'vtu';
    if (!['vtu', 'momo', 'sns', 'awuf4u'].includes(type)) {
      return envelope(reply, refused, 'Invalid airtime type', null);
    }
    const phone = nonEmpty(body.phoneNumber);
    if (!phone || !isValidNigerianPhone(phone)) {
      return envelope(reply, refused, 'Invalid phoneNumber', null);
    }
    return vend(request, reply, body, {
      kind: 'airtime',
      networkId,
      phone,
      amountKobo,
      summary: `N${nairaText(amountKobo)} airtime to ${phone}`,
    });
  });

  async function vend(
    request: FastifyRequest,
    reply: FastifyReply,
    body: JsonObject,
    order: Pick<OgdamsOrder, 'kind' | 'networkId' | 'summary'> & {
      phone: string;
      amountKobo: number;
    },
  ) {
    const reference = nonEmpty(body.reference);
    if (!reference || !REFERENCE_PATTERN.test(reference)) {
      return envelope(reply, refused, `reference: 1 to ${OGDAMS_REFERENCE_MAX} characters`, null);
    }
    if (orders.has(reference)) return envelope(reply, duplicate, duplicate.data.msg, null);
    // No sub-code is published for it; the 424 wording is what the adapter reads (SOURCES.md).
    if (!wallet.covers(order.amountKobo)) {
      return envelope(reply, refused, 'Insufficient wallet balance', null);
    }
    const scenario = scenarioFor(order.phone);
    if (scenario === 'noReply') return dropConnection(request, reply);
    sequence += 1;
    const stamp = new Date(now()).toISOString().replace(/\D/g, '').slice(0, 14);
    const recorded: OgdamsOrder = {
      reference,
      ref: `OGD|27|${stamp}|${String(sequence).padStart(4, '0')}`,
      kind: order.kind,
      networkId: order.networkId,
      scenario,
      createdAtMs: now(),
      summary: order.summary,
      notified: false,
    };
    orders.set(reference, recorded);
    if (statusAt(scenario, recorded.createdAtMs, recorded.createdAtMs) !== 'failed') {
      wallet.debit(order.amountKobo);
    }
    const success = order.kind === 'data' ? dataSuccess : airtimeSuccess;
    const sent = `${recorded.summary} sent`;

    switch (scenario) {
      case 'http500':
        return sendHtml500(reply);
      case 'malformed':
        return sendMalformed(reply, `{"status":true,"code":200,"data":{"msg":"${sent}","re`);
      case 'timeout':
        if (!(await holdOpen(request, holdMs))) return abandon(reply);
        return envelope(reply, success, sent, recorded.ref);
    }
    const status = statusAt(scenario, recorded.createdAtMs, recorded.createdAtMs);
    if (status === 'pending') {
      return envelope(reply, processing, processing.data.msg, recorded.ref);
    }
    if (status === 'failed') {
      return envelope(reply, refused, 'Transaction failed at the network', null);
    }
    return envelope(reply, success, sent, recorded.ref);
  }
};

function bodyOf(request: FastifyRequest): JsonObject {
  return isObject(request.body) ? request.body : {};
}
