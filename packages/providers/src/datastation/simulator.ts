/**
 * The DataStation simulator: a Django-REST-style VTU platform. Token auth, plans under
 * `Dataplans` in GET api/user/, purchases at api/data/, api/topup/, api/cablesub/ and
 * api/billpayment/ carrying our `ident`, and the requery GET api/data/?ident=… answering from the
 * orders it keeps in memory. docs/decisions/0006 records the wire details we had to choose.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  AIRTIME_MAX_NAIRA,
  AIRTIME_MIN_NAIRA,
  ELECTRICITY_MAX_NAIRA,
  ELECTRICITY_MIN_NAIRA,
} from '@owo/shared/constants';
import { cableByName, DISCOS } from '@owo/shared/billers';
import { networkById } from '@owo/shared/networks';
import { isValidNigerianPhone } from '@owo/shared/phone';
import { integer, isObject, nairaToKobo, nonEmpty, type JsonObject } from '../wire';
import { customerFor } from '../sandbox/customers';
import { scenarioFor, type Scenario } from '../sandbox/magic';
import {
  abandon,
  dropConnection,
  holdOpen,
  nairaText,
  sendHtml500,
  sendMalformed,
  statusAt,
  tokenFor,
  unitsFor,
  type SimStatus,
  type SimulatorOptions,
} from '../sandbox/sim-kit';
import {
  DATASTATION_CABLE_PLANS,
  DATASTATION_CABLES,
  DATASTATION_DATA_PLANS,
  DATASTATION_DISCOS,
  DATASTATION_NETWORKS,
} from './catalogue';

export interface DataStationSimulatorOptions extends SimulatorOptions {
  apiKey: string;
}

type Kind = 'data' | 'topup' | 'cablesub' | 'billpayment';

interface DataStationOrder {
  id: number;
  ident: string;
  kind: Kind;
  scenario: Scenario;
  createdAtMs: number;
  amountKobo: number;
  balanceBeforeKobo: number;
  /** The kind's own reply fields (what was bought, for whom). */
  fields: JsonObject;
  /** billpayment only. */
  prepaid?: boolean;
}

/** What a purchase handler decided before the scenario plays out. */
type Accepted = {
  kind: Kind;
  /** undefined: the ident sent was malformed. */
  ident: string | undefined;
  value: string;
  amountKobo: number;
  fields: JsonObject;
  prepaid?: boolean;
};

const IDENT_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
const METER_PATTERN = /^\d{11,13}$/;
const SMARTCARD_PATTERN = /^\d{10,11}$/;
const NAIRA = 100;
const OPENING_BALANCE_KOBO = 5_000_000 * NAIRA;

const WIRE_STATUS: Record<SimStatus, string> = {
  delivered: 'successful',
  pending: 'processing',
  failed: 'failed',
  // DataStation has no "reversed" status: a reversal is a failed order whose money came back.
  reversed: 'failed',
};

function badRequest(reply: FastifyReply, message: string) {
  return reply.code(400).send({ error: [message] });
}

export const dataStationSimulator: FastifyPluginAsync<DataStationSimulatorOptions> = async (
  app,
  options,
) => {
  const { apiKey, now, holdMs } = options;
  const orders = new Map<string, DataStationOrder>();
  let balanceKobo = OPENING_BALANCE_KOBO;
  let nextId = 48_213;
  let generatedIdents = 0;

  // Django REST framework's TokenAuthentication: "Authorization: Token <key>".
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (!header) {
      return reply
        .code(401)
        .header('www-authenticate', 'Token')
        .send({ detail: 'Authentication credentials were not provided.' });
    }
    if (header !== `Token ${apiKey}`) {
      return reply.code(401).header('www-authenticate', 'Token').send({ detail: 'Invalid token.' });
    }
  });

  app.get('/api/user/', async () => ({
    user: {
      id: 5127,
      username: 'owo_sandbox',
      email: 'sandbox@owo.local',
      FullName: 'Owo Sandbox',
      Phone: '08011111111',
      user_type: 'API',
      email_verify: true,
      Account_Balance: nairaText(balanceKobo),
      bonus_balance: '0.00',
    },
    Dataplans: dataplansByNetwork(),
    Cableplan: cableplansByCable(),
    Disco: DATASTATION_DISCOS.map((d) => ({ disco_id: d.discoId, disco_name: d.name })),
  }));

  app.get('/api/network/', async () =>
    DATASTATION_NETWORKS.map((n) => ({
      id: n.id,
      network_id: n.id,
      name: n.name,
      data_disable: false,
      airtime_disable: false,
    })),
  );

  app.post('/api/data/', async (request, reply) => {
    const body = bodyOf(request);
    const network = networkById(integer(body.network) ?? -1);
    if (!network) return badRequest(reply, 'Invalid network id.');
    const planId = integer(body.plan);
    const plan = DATASTATION_DATA_PLANS.find((p) => p.dataplanId === planId);
    if (!plan || plan.network !== network) {
      return badRequest(reply, `Invalid plan id ${String(body.plan)} for ${network}.`);
    }
    const phone = nonEmpty(body.mobile_number);
    if (!phone || !isValidNigerianPhone(phone)) return badRequest(reply, 'Invalid mobile number.');
    return purchase(request, reply, {
      kind: 'data',
      ident: identOf(body),
      value: phone,
      amountKobo: nairaToKobo(plan.amount)!,
      fields: {
        network: integer(body.network),
        payment_medium: 'MAIN WALLET',
        mobile_number: phone,
        plan: plan.dataplanId,
        plan_network: network,
        plan_name: plan.size,
        plan_amount: plan.amount,
        Ported_number: ported(body.Ported_number),
      },
    });
  });

  app.post('/api/topup/', async (request, reply) => {
    const body = bodyOf(request);
    const network = networkById(integer(body.network) ?? -1);
    if (!network) return badRequest(reply, 'Invalid network id.');
    const phone = nonEmpty(body.mobile_number);
    if (!phone || !isValidNigerianPhone(phone)) return badRequest(reply, 'Invalid mobile number.');
    if (nonEmpty(body.airtime_type)?.toUpperCase() !== 'VTU') {
      return badRequest(reply, 'airtime_type must be VTU.');
    }
    const amountKobo = nairaToKobo(body.amount);
    if (amountKobo === null || amountKobo < AIRTIME_MIN_NAIRA * NAIRA) {
      return badRequest(reply, `Minimum airtime purchase is ₦${AIRTIME_MIN_NAIRA}.`);
    }
    if (amountKobo > AIRTIME_MAX_NAIRA * NAIRA) {
      return badRequest(reply, `Maximum airtime purchase is ₦${AIRTIME_MAX_NAIRA}.`);
    }
    // API resellers pay 97% of face value for VTU airtime.
    const paidKobo = Math.ceil((amountKobo * 97) / 100);
    return purchase(request, reply, {
      kind: 'topup',
      ident: identOf(body),
      value: phone,
      amountKobo: paidKobo,
      fields: {
        network: integer(body.network),
        plan_network: network,
        mobile_number: phone,
        amount: nairaText(amountKobo),
        paid_amount: nairaText(paidKobo),
        airtime_type: 'VTU',
        Ported_number: ported(body.Ported_number),
      },
    });
  });

  app.post('/api/cablesub/', async (request, reply) => {
    const body = bodyOf(request);
    const cable = cableByName(String(body.cablename ?? ''));
    if (!cable) return badRequest(reply, 'Invalid cable name.');
    const planId = integer(body.cableplan);
    const plan = DATASTATION_CABLE_PLANS.find((p) => p.cableplanId === planId);
    if (!plan || plan.cable !== cable.cablename) {
      return badRequest(
        reply,
        `Invalid cable plan ${String(body.cableplan)} for ${cable.cablename}.`,
      );
    }
    const card = nonEmpty(body.smart_card_number);
    if (!card || !SMARTCARD_PATTERN.test(card) || scenarioFor(card) === 'invalidAccount') {
      return badRequest(reply, 'Invalid IUC / smart card number.');
    }
    return purchase(request, reply, {
      kind: 'cablesub',
      ident: identOf(body),
      value: card,
      amountKobo: nairaToKobo(plan.amount)!,
      fields: {
        cablename: cable.cablename,
        cableplan: plan.cableplanId,
        package: plan.package,
        plan_amount: plan.amount,
        smart_card_number: card,
        customer_name: customerFor(card).name,
      },
    });
  });

  app.post('/api/billpayment/', async (request, reply) => {
    const body = bodyOf(request);
    const disco = DISCOS.find(
      (d) =>
        d.discoId === integer(body.disco_name) ||
        d.name.toLowerCase() === String(body.disco_name ?? '').toLowerCase(),
    );
    if (!disco) return badRequest(reply, 'Invalid disco.');
    const prepaid = meterTypeIsPrepaid(body.MeterType);
    if (prepaid === undefined) {
      return badRequest(reply, 'MeterType must be 1 (prepaid) or 2 (postpaid).');
    }
    const meter = nonEmpty(body.meter_number);
    if (!meter || !METER_PATTERN.test(meter) || scenarioFor(meter) === 'invalidAccount') {
      return badRequest(reply, 'Invalid meter number.');
    }
    const amountKobo = nairaToKobo(body.amount);
    if (amountKobo === null || amountKobo < ELECTRICITY_MIN_NAIRA * NAIRA) {
      return badRequest(reply, `Minimum electricity purchase is ₦${ELECTRICITY_MIN_NAIRA}.`);
    }
    if (amountKobo > ELECTRICITY_MAX_NAIRA * NAIRA) {
      return badRequest(reply, `Maximum electricity purchase is ₦${ELECTRICITY_MAX_NAIRA}.`);
    }
    const customer = customerFor(meter);
    return purchase(request, reply, {
      kind: 'billpayment',
      ident: identOf(body),
      value: meter,
      amountKobo,
      prepaid,
      fields: {
        disco_name: disco.name,
        amount: nairaText(amountKobo),
        meter_number: meter,
        MeterType: prepaid ? 'PREPAID' : 'POSTPAID',
        Customer_Name: customer.name,
        Customer_Address: customer.address,
      },
    });
  });

  // The requery: Django REST's filtered, paginated list.
  app.get('/api/data/', async (request) => {
    const query = isObject(request.query) ? request.query : {};
    const ident = nonEmpty(query.ident);
    const found = ident
      ? [orders.get(ident)].filter((o): o is DataStationOrder => o !== undefined)
      : [...orders.values()].reverse().slice(0, 50);
    return {
      count: found.length,
      next: null,
      previous: null,
      results: found.map((order) => orderReply(order)),
    };
  });

  async function purchase(request: FastifyRequest, reply: FastifyReply, accepted: Accepted) {
    if (accepted.ident === undefined) {
      return badRequest(reply, 'ident must be 1-64 letters, digits or _ . : -');
    }
    if (orders.has(accepted.ident)) {
      // One ident, one order: a repeat is a conflict, and the first order stands.
      return reply
        .code(409)
        .send({ error: [`A transaction with ident ${accepted.ident} already exists.`] });
    }
    const scenario = scenarioFor(accepted.value);
    if (scenario === 'noReply') return dropConnection(request, reply);

    const order: DataStationOrder = {
      id: nextId++,
      ident: accepted.ident,
      kind: accepted.kind,
      scenario,
      createdAtMs: now(),
      amountKobo: accepted.amountKobo,
      balanceBeforeKobo: balanceKobo,
      fields: accepted.fields,
      prepaid: accepted.prepaid,
    };
    orders.set(order.ident, order);
    if (statusAt(scenario, order.createdAtMs, order.createdAtMs) !== 'failed') {
      balanceKobo -= order.amountKobo;
    }

    switch (scenario) {
      case 'http500':
        return sendHtml500(reply);
      case 'malformed':
        return sendMalformed(reply, `{"id":${order.id},"ident":"${order.ident}","Status":"succ`);
      case 'timeout': {
        if (!(await holdOpen(request, holdMs))) return abandon(reply);
        return orderReply(order);
      }
      default:
        return orderReply(order);
    }
  }

  function orderReply(order: DataStationOrder): JsonObject {
    const status = statusAt(order.scenario, order.createdAtMs, now());
    const charged = status === 'delivered' || status === 'pending';
    const result: JsonObject = {
      id: order.id,
      ident: order.ident,
      ...order.fields,
      balance_before: nairaText(order.balanceBeforeKobo),
      balance_after: nairaText(order.balanceBeforeKobo - (charged ? order.amountKobo : 0)),
      Status: WIRE_STATUS[status],
      api_response: apiResponse(order, status),
      create_date: new Date(order.createdAtMs).toISOString(),
    };
    if (order.kind === 'billpayment') {
      const delivered = status === 'delivered' && order.prepaid === true;
      result.token = delivered ? `Token : ${tokenFor(order.ident)}` : '';
      result.units = delivered ? `${unitsFor(order.amountKobo)} kWh` : '';
    }
    return result;
  }

  /**
   * Our ident, or one the platform makes up when none was sent (such an order cannot be requeried
   * by us). A malformed ident is refused rather than replaced, so an order we sent is always
   * findable under the ident we gave.
   */
  function identOf(body: JsonObject): string | undefined {
    if (body.ident === undefined || body.ident === null || body.ident === '') {
      generatedIdents += 1;
      return `DS${now()}${generatedIdents}`;
    }
    const ident = nonEmpty(body.ident);
    return ident && IDENT_PATTERN.test(ident) ? ident : undefined;
  }
};

function bodyOf(request: FastifyRequest): JsonObject {
  return isObject(request.body) ? request.body : {};
}

function ported(value: unknown): boolean {
  return value === true || (typeof value === 'string' && /^true$/i.test(value));
}

/** MeterType as we send it (1 prepaid, 2 postpaid), or the words, which the platform also takes. */
function meterTypeIsPrepaid(value: unknown): boolean | undefined {
  const t = String(value ?? '')
    .trim()
    .toUpperCase();
  if (t === '1' || t === 'PREPAID') return true;
  if (t === '2' || t === 'POSTPAID') return false;
  return undefined;
}

function apiResponse(order: DataStationOrder, status: SimStatus): string {
  const f = order.fields;
  if (status === 'pending') return 'Transaction is processing.';
  if (status === 'reversed') return 'Transaction reversed by the network; wallet refunded.';
  if (status === 'failed') return 'Transaction failed. Please try again later.';
  switch (order.kind) {
    case 'data':
      return `Dear Customer, you have successfully gifted ${String(f.mobile_number)} ${String(f.plan_name)} of ${String(f.plan_network)} data.`;
    case 'topup':
      return `You have successfully topped up ${String(f.mobile_number)} with ₦${String(f.amount)} ${String(f.plan_network)} airtime.`;
    case 'cablesub':
      return `${String(f.package)} subscription for ${String(f.smart_card_number)} was successful.`;
    case 'billpayment':
      return `Payment of ₦${String(f.amount)} to ${String(f.disco_name)} for meter ${String(f.meter_number)} was successful.`;
  }
}

function dataplansByNetwork(): JsonObject {
  const byNetwork: Record<string, Record<string, JsonObject[]>> = {};
  DATASTATION_DATA_PLANS.forEach((plan, index) => {
    const entry = {
      id: index + 1,
      dataplan_id: String(plan.dataplanId),
      network: DATASTATION_NETWORKS.find((n) => n.name === plan.network)!.id,
      plan_type: plan.planType,
      plan_network: plan.network,
      month_validate: plan.validity,
      plan: plan.size,
      plan_amount: plan.amount,
    };
    const groups = (byNetwork[`${plan.network}_PLAN`] ??= { ALL: [] });
    groups.ALL!.push(entry);
    (groups[plan.planType] ??= []).push(entry);
  });
  return byNetwork;
}

function cableplansByCable(): JsonObject {
  const key = { GOTV: 'GOTVPLAN', DSTV: 'DSTVPLAN', STARTIMES: 'STARTIMEPLAN' } as const;
  const result: Record<string, JsonObject[]> = {
    cablename: DATASTATION_CABLES.map((c) => ({ id: c.cableId, name: c.cablename })),
  };
  DATASTATION_CABLE_PLANS.forEach((plan, index) => {
    (result[key[plan.cable]] ??= []).push({
      id: index + 1,
      cableplan_id: String(plan.cableplanId),
      cable: plan.cable,
      package: plan.package,
      plan_amount: plan.amount,
    });
  });
  return result;
}
