/**
 * The VTpass simulator: speaks VTpass's wire format (service-variations, merchant-verify, pay,
 * requery) with its auth headers, its validation codes and its sandbox magic values, and keeps the
 * orders in memory so a requery answers what the pay call did.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { koboToNaira } from '@owo/shared/money';
import {
  AIRTIME_MAX_NAIRA,
  AIRTIME_MIN_NAIRA,
  ELECTRICITY_MAX_NAIRA,
  ELECTRICITY_MIN_NAIRA,
} from '@owo/shared/constants';
import type { VtpassKeys } from '../types';
import { isObject, nairaToKobo, nonEmpty, type JsonObject } from '../wire';
import { customerFor } from '../sandbox/customers';
import { scenarioFor, type Scenario } from '../sandbox/magic';
import {
  abandon,
  dropConnection,
  holdOpen,
  pick,
  sendHtml500,
  sendMalformed,
  statusAt,
  tokenFor,
  unitsFor,
  type SimStatus,
  type SimulatorOptions,
} from '../sandbox/sim-kit';
import { hasValidLagosPrefix } from './request-id';
import {
  VTPASS_SERVICES,
  VTPASS_SMARTCARD_SERVICES,
  type VtpassCatalogueVariation,
  type VtpassService,
} from './catalogue';

export interface VtpassSimulatorOptions extends SimulatorOptions {
  keys: VtpassKeys;
}

interface VtpassOrder {
  requestId: string;
  service: VtpassService;
  variation?: VtpassCatalogueVariation;
  scenario: Scenario;
  createdAtMs: number;
  amountKobo: number;
  phone: string;
  /** The number the product goes to: phone for airtime, billersCode otherwise. */
  uniqueElement: string;
  transactionId: string;
}

const REQUEST_ID_PATTERN = /^\d{12}[A-Za-z0-9_-]{0,88}$/;
const METER_PATTERN = /^\d{11,13}$/;
const SMARTCARD_PATTERN = /^\d{10,11}$/;
const PHONE_PATTERN = /^\+?\d{10,14}$/;
const NAIRA = 100;

const STATUS_DESCRIPTION: Record<SimStatus, string> = {
  delivered: 'TRANSACTION SUCCESSFUL',
  pending: 'TRANSACTION PROCESSING',
  reversed: 'TRANSACTION REVERSED',
  failed: 'TRANSACTION FAILED',
};

function vtpassError(code: string, description: string, detail?: string): JsonObject {
  return {
    code,
    response_description: description,
    content: detail ? { errors: [detail] } : {},
  };
}

export const vtpassSimulator: FastifyPluginAsync<VtpassSimulatorOptions> = async (app, options) => {
  const { keys, now, holdMs } = options;
  const orders = new Map<string, VtpassOrder>();
  let sequence = 0;

  // VTpass keys: reads carry the public key, writes the secret key; both carry the api key.
  app.addHook('onRequest', async (request, reply) => {
    const headers = request.headers;
    const second = request.method === 'GET' ? headers['public-key'] : headers['secret-key'];
    const expected = request.method === 'GET' ? keys.publicKey : keys.secretKey;
    if (headers['api-key'] !== keys.apiKey || second !== expected) {
      return reply.code(401).send({
        code: '087',
        response_description: 'INVALID CREDENTIALS',
        content: { errors: ['Invalid API keys'] },
      });
    }
  });

  app.get('/service-variations', async (request) => {
    const query = isObject(request.query) ? request.query : {};
    const service = VTPASS_SERVICES.get(nonEmpty(query.serviceID) ?? '');
    if (!service) return vtpassError('012', 'PRODUCT DOES NOT EXIST', 'Unknown serviceID');
    return {
      response_description: '000',
      content: {
        ServiceName: service.name,
        serviceID: service.serviceID,
        convinience_fee: service.kind === 'electricity' ? 'N0.00' : '0 %',
        [service.listKey]: service.variations.map((v) => ({
          variation_code: v.code,
          name: v.name,
          variation_amount: v.amount,
          fixedPrice: v.fixedPrice ? 'Yes' : 'No',
        })),
      },
    };
  });

  app.post('/merchant-verify', async (request) => {
    const body = isObject(request.body) ? request.body : {};
    const billersCode = nonEmpty(body.billersCode);
    const service = VTPASS_SERVICES.get(nonEmpty(body.serviceID) ?? '');
    if (!service) return vtpassError('012', 'PRODUCT DOES NOT EXIST', 'Unknown serviceID');
    if (!billersCode) return vtpassError('011', 'INVALID ARGUMENTS', 'billersCode is required');
    const wellFormed = (pattern: RegExp) =>
      pattern.test(billersCode) && scenarioFor(billersCode) !== 'invalidAccount';

    if (service.kind === 'electricity') {
      const type = nonEmpty(body.type)?.toLowerCase();
      if (type !== 'prepaid' && type !== 'postpaid') {
        return vtpassError('011', 'INVALID ARGUMENTS', 'type must be prepaid or postpaid');
      }
      if (!wellFormed(METER_PATTERN)) {
        return wrongBillersCode(
          `This meter is not correct or is not a valid ${service.name.replace(/ Payment$/, '')} ${type} meter. Please check and try again`,
        );
      }
      const customer = customerFor(billersCode);
      return {
        code: '000',
        content: {
          Customer_Name: customer.name,
          Address: customer.address,
          Meter_Number: billersCode,
          Customer_Arrears: type === 'postpaid' ? '4520.00' : '0.00',
          Minimum_Amount: ELECTRICITY_MIN_NAIRA,
          Min_Purchase_Amount: ELECTRICITY_MIN_NAIRA,
          Can_Vend: 'yes',
          Business_Unit: customer.address.split(', ').pop(),
          Customer_Account_Type: 'NMD',
          Meter_Type: type.toUpperCase(),
          WrongBillersCode: false,
        },
      };
    }

    if (VTPASS_SMARTCARD_SERVICES.has(service.serviceID)) {
      if (!wellFormed(SMARTCARD_PATTERN)) {
        return wrongBillersCode(
          'This IUC / smartcard number is not valid. Please check the number and try again',
        );
      }
      const customer = customerFor(billersCode);
      const bouquet = service.variations[pick(billersCode, service.variations.length)]!;
      const dueMs = now() + (3 + pick(`due:${billersCode}`, 25)) * 24 * 60 * 60 * 1000;
      return {
        code: '000',
        content: {
          Customer_Name: customer.name,
          Status: 'ACTIVE',
          Due_Date: `${new Date(dueMs).toISOString().slice(0, 10)}T00:00:00`,
          Customer_Number: String(280_000_000 + pick(`cust:${billersCode}`, 9_999_999)),
          Customer_Type: service.serviceID.toUpperCase(),
          Current_Bouquet: bouquet.name,
          Current_Bouquet_Code: bouquet.code,
          Renewal_Amount: Number(bouquet.amount.replace(/\.00$/, '')),
          WrongBillersCode: false,
        },
      };
    }
    return vtpassError(
      '012',
      'PRODUCT DOES NOT EXIST',
      `${service.serviceID} has nothing to verify`,
    );
  });

  app.post('/pay', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const requestId = nonEmpty(body.request_id);
    if (!requestId || !REQUEST_ID_PATTERN.test(requestId) || !hasValidLagosPrefix(requestId)) {
      return vtpassError(
        '011',
        'INVALID ARGUMENTS',
        'request_id must be at least 12 characters, starting with YYYYMMDDHHII in Africa/Lagos time',
      );
    }
    if (orders.has(requestId)) return vtpassError('014', 'REQUEST ID ALREADY EXIST');
    const service = VTPASS_SERVICES.get(nonEmpty(body.serviceID) ?? '');
    if (!service) return vtpassError('012', 'PRODUCT DOES NOT EXIST', 'Unknown serviceID');
    const phone = nonEmpty(body.phone);
    if (!phone || !PHONE_PATTERN.test(phone)) {
      return vtpassError('011', 'INVALID ARGUMENTS', 'phone is required');
    }

    const accepted = acceptOrder(service, body, phone);
    if ('error' in accepted) return accepted.error;
    const scenario = scenarioFor(accepted.uniqueElement);
    if (scenario === 'noReply') return dropConnection(request, reply);

    sequence += 1;
    const order: VtpassOrder = {
      requestId,
      service,
      scenario,
      createdAtMs: now(),
      phone,
      transactionId: `${now()}${String(sequence).padStart(4, '0')}`,
      ...accepted,
    };
    orders.set(requestId, order);
    return answerPay(order, request, reply);
  });

  app.post('/requery', async (request) => {
    const body = isObject(request.body) ? request.body : {};
    const requestId = nonEmpty(body.request_id);
    if (!requestId) return vtpassError('011', 'INVALID ARGUMENTS', 'request_id is required');
    const order = orders.get(requestId);
    if (!order) {
      return {
        ...vtpassError('015', 'INVALID REQUEST ID', 'No transaction with this request_id'),
        requestId,
      };
    }
    const status = statusAt(order.scenario, order.createdAtMs, now());
    return transactionReply(order, '000', status, STATUS_DESCRIPTION[status]);
  });

  /** Checks a pay body against the product; answers the order's product fields or an error. */
  function acceptOrder(
    service: VtpassService,
    body: JsonObject,
    phone: string,
  ):
    | { error: JsonObject }
    | { amountKobo: number; uniqueElement: string; variation?: VtpassCatalogueVariation } {
    const billersCode = nonEmpty(body.billersCode);
    const variationCode = nonEmpty(body.variation_code);
    const variation = service.variations.find((v) => v.code === variationCode);
    const amountKobo = nairaToKobo(body.amount);

    switch (service.kind) {
      case 'airtime': {
        const limit = checkLimits(amountKobo, AIRTIME_MIN_NAIRA, AIRTIME_MAX_NAIRA);
        return limit ? { error: limit } : { amountKobo: amountKobo!, uniqueElement: phone };
      }
      case 'data':
      case 'tv': {
        if (service.kind === 'tv' && !billersCode) {
          return { error: vtpassError('011', 'INVALID ARGUMENTS', 'billersCode is required') };
        }
        if (!variation) return { error: vtpassError('010', 'VARIATION CODE DOES NOT EXIST') };
        // Fixed-price variations cost what the catalogue says; VTpass ignores the amount sent.
        return {
          amountKobo: nairaToKobo(variation.amount)!,
          uniqueElement: billersCode ?? phone,
          variation,
        };
      }
      case 'electricity': {
        if (!variation) return { error: vtpassError('010', 'VARIATION CODE DOES NOT EXIST') };
        if (!billersCode)
          return { error: vtpassError('011', 'INVALID ARGUMENTS', 'billersCode is required') };
        const limit = checkLimits(amountKobo, ELECTRICITY_MIN_NAIRA, ELECTRICITY_MAX_NAIRA);
        return limit
          ? { error: limit }
          : { amountKobo: amountKobo!, uniqueElement: billersCode, variation };
      }
    }
  }

  async function answerPay(order: VtpassOrder, request: FastifyRequest, reply: FastifyReply) {
    switch (order.scenario) {
      case 'http500':
        return sendHtml500(reply);
      case 'malformed':
        return sendMalformed(reply, '{"code":"000","content":{"transactions":{"status":"deliv');
      case 'timeout': {
        const stillThere = await holdOpen(request, holdMs);
        if (!stillThere) return abandon(reply);
        return transactionReply(order, '000', 'delivered', STATUS_DESCRIPTION.delivered);
      }
      case 'failed':
      case 'invalidAccount':
        return transactionReply(order, '016', 'failed', STATUS_DESCRIPTION.failed);
      case 'pendingThenDelivered':
        // VTpass's "099 processing" form of pending…
        return transactionReply(order, '099', 'initiated', 'TRANSACTION IS PROCESSING');
      case 'pendingThenReversed':
      case 'pendingForever':
        // …and its "000 processed, status pending" form; the adapter must read both as pending.
        return transactionReply(order, '000', 'pending', STATUS_DESCRIPTION.pending);
      default:
        return transactionReply(order, '000', 'delivered', STATUS_DESCRIPTION.delivered);
    }
  }

  function transactionReply(
    order: VtpassOrder,
    code: string,
    status: SimStatus | 'initiated',
    description: string,
  ): JsonObject {
    const { service, amountKobo } = order;
    const commissionKobo = Math.floor((amountKobo * service.commissionBps) / 10_000);
    const productName = order.variation?.fixedPrice
      ? `${service.name} - ${order.variation.name}`
      : service.name;
    const result: JsonObject = {
      code,
      content: {
        transactions: {
          status,
          product_name: productName,
          unique_element: order.uniqueElement,
          unit_price: koboToNaira(amountKobo),
          quantity: 1,
          service_verification: null,
          channel: 'api',
          commission: koboToNaira(commissionKobo),
          total_amount: koboToNaira(amountKobo - commissionKobo),
          discount: null,
          type: service.typeText,
          email: 'sandbox@owo.local',
          phone: order.phone,
          name: null,
          convinience_fee: 0,
          amount: koboToNaira(amountKobo),
          platform: 'api',
          method: 'api',
          transactionId: order.transactionId,
        },
      },
      response_description: description,
      requestId: order.requestId,
      amount: koboToNaira(amountKobo),
      transaction_date: new Date(order.createdAtMs).toISOString(),
      purchased_code: '',
    };
    if (service.kind === 'electricity') {
      const customer = customerFor(order.uniqueElement);
      result.customerName = customer.name;
      result.customerAddress = customer.address;
      result.meterNumber = order.uniqueElement;
      // Only a delivered prepaid purchase has a token; postpaid pays a bill and gets none.
      if (status === 'delivered' && order.variation?.code === 'prepaid') {
        const token = tokenFor(order.requestId);
        const units = `${unitsFor(amountKobo)} kWh`;
        result.purchased_code = `Token : ${token}`;
        result.token = `Token : ${token}`;
        result.units = units;
        result.mainToken = token.replace(/-/g, '');
        result.mainTokenUnits = units;
      }
    }
    return result;
  }
};

function checkLimits(amountKobo: number | null, minNaira: number, maxNaira: number) {
  if (amountKobo === null || amountKobo <= 0) {
    return vtpassError('011', 'INVALID ARGUMENTS', 'amount must be a positive naira amount');
  }
  if (amountKobo < minNaira * NAIRA) {
    return vtpassError('013', 'BELOW MINIMUM AMOUNT ALLOWED', `Minimum amount is ${minNaira}`);
  }
  if (amountKobo > maxNaira * NAIRA) {
    return vtpassError('017', 'ABOVE MAXIMUM AMOUNT ALLOWED', `Maximum amount is ${maxNaira}`);
  }
  return undefined;
}

function wrongBillersCode(message: string): JsonObject {
  // VTpass answers a wrong meter or card with 000 and an error inside content, not an error code.
  return {
    code: '000',
    content: { error: message, WrongBillersCode: true },
  };
}
