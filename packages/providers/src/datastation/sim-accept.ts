/**
 * What the DataStation simulator accepts as a purchase, per kind, and the order fields it records.
 * A refusal is Django REST framework's validation reply: HTTP 400 with {"error": [message]}
 * (fixtures/error-400-validation.json), made before anything is charged.
 */
import {
  AIRTIME_MAX_NAIRA,
  AIRTIME_MIN_NAIRA,
  ELECTRICITY_MAX_NAIRA,
  ELECTRICITY_MIN_NAIRA,
} from '@owo/shared/constants';
import { cableByName, DISCOS } from '@owo/shared/billers';
import { networkById } from '@owo/shared/networks';
import { isValidNigerianPhone } from '@owo/shared/phone';
import type { DataStationKind } from '../types';
import { customerFor } from '../sandbox/customers';
import { scenarioFor } from '../sandbox/magic';
import { nairaText } from '../sandbox/sim-kit';
import { integer, nairaToKobo, nonEmpty, type JsonObject } from '../wire';
import { DATASTATION_CABLE_PLANS, DATASTATION_DATA_PLANS } from './catalogue';

export interface Accepted {
  kind: DataStationKind;
  /** The `ident` as sent (the simulator checks it). */
  ident: unknown;
  /** The magic value deciding the scenario: phone, smart card or meter. */
  value: string;
  /** What the order costs our DataStation wallet. */
  amountKobo: number;
  fields: JsonObject;
  prepaid?: boolean;
}

const METER_PATTERN = /^\d{11,13}$/;
const SMARTCARD_PATTERN = /^\d{10,11}$/;
const NAIRA = 100;

const refuse = (message: string) => ({ error: { error: [message] } as JsonObject });

export function acceptPurchase(
  kind: DataStationKind,
  body: JsonObject,
): Accepted | { error: JsonObject } {
  switch (kind) {
    case 'data':
      return acceptData(body);
    case 'topup':
      return acceptTopup(body);
    case 'cable':
      return acceptCable(body);
    case 'bill':
      return acceptBill(body);
  }
}

function phoneOf(body: JsonObject): string | undefined {
  const phone = nonEmpty(body.mobile_number);
  return phone && isValidNigerianPhone(phone) ? phone : undefined;
}

function ported(value: unknown): boolean {
  return value === true || (typeof value === 'string' && /^true$/i.test(value));
}

function acceptData(body: JsonObject) {
  const network = networkById(integer(body.network) ?? -1);
  if (!network) return refuse('Invalid network id.');
  const planId = integer(body.plan);
  const plan = DATASTATION_DATA_PLANS.find((p) => p.dataplanId === planId);
  if (!plan || plan.network !== network) {
    return refuse(`Invalid plan id ${String(body.plan)} for ${network}.`);
  }
  const phone = phoneOf(body);
  if (!phone) return refuse(`invalid mobile number ${String(body.mobile_number)}!`);
  return {
    kind: 'data' as const,
    ident: body.ident,
    value: phone,
    amountKobo: nairaToKobo(plan.amount)!,
    fields: {
      network: integer(body.network),
      payment_medium: 'MAIN WALLET',
      mobile_number: phone,
      plan_type: plan.planType,
      duration: plan.validity,
      plan: plan.dataplanId,
      plan_network: network,
      plan_name: plan.size,
      plan_amount: plan.amount,
      Ported_number: ported(body.Ported_number),
    },
  };
}

function acceptTopup(body: JsonObject) {
  const network = networkById(integer(body.network) ?? -1);
  if (!network) return refuse('Invalid network id.');
  const phone = phoneOf(body);
  if (!phone) return refuse(`invalid mobile number ${String(body.mobile_number)}!`);
  if (nonEmpty(body.airtime_type)?.toUpperCase() !== 'VTU') {
    return refuse('airtime_type must be VTU.');
  }
  const amountKobo = nairaToKobo(body.amount);
  if (amountKobo === null || amountKobo < AIRTIME_MIN_NAIRA * NAIRA) {
    return refuse(`Minimum airtime purchase is N${AIRTIME_MIN_NAIRA}.`);
  }
  if (amountKobo > AIRTIME_MAX_NAIRA * NAIRA) {
    return refuse(`Maximum airtime purchase is N${AIRTIME_MAX_NAIRA}.`);
  }
  // API resellers pay 97% of face value for VTU airtime.
  const paidKobo = Math.ceil((amountKobo * 97) / 100);
  return {
    kind: 'topup' as const,
    ident: body.ident,
    value: phone,
    amountKobo: paidKobo,
    fields: {
      airtime_type: 'VTU',
      network: integer(body.network),
      paid_amount: nairaText(paidKobo),
      mobile_number: phone,
      amount: nairaText(amountKobo),
      plan_amount: nairaText(amountKobo),
      plan_network: network,
      Ported_number: ported(body.Ported_number),
    },
  };
}

function acceptCable(body: JsonObject) {
  const cable = cableByName(String(body.cablename ?? ''));
  if (!cable) return refuse('Invalid cable name.');
  const planId = integer(body.cableplan);
  const plan = DATASTATION_CABLE_PLANS.find((p) => p.cableplanId === planId);
  if (!plan || plan.cable !== cable.cablename) {
    return refuse(`Invalid cable plan ${String(body.cableplan)} for ${cable.cablename}.`);
  }
  const card = nonEmpty(body.smart_card_number);
  if (!card || !SMARTCARD_PATTERN.test(card) || scenarioFor(card) === 'invalidAccount') {
    return refuse('Invalid IUC / smart card number.');
  }
  return {
    kind: 'cable' as const,
    ident: body.ident,
    value: card,
    amountKobo: nairaToKobo(plan.amount)!,
    fields: {
      cablename: cable.cableId,
      cableplan: plan.cableplanId,
      package: plan.package,
      plan_amount: plan.amount,
      paid_amount: plan.amount,
      smart_card_number: card,
      customer_name: customerFor(card).name.toUpperCase(),
    },
  };
}

/** MeterType as we send it (1 prepaid, 2 postpaid), or the words. */
function meterTypeIsPrepaid(value: unknown): boolean | undefined {
  const t = String(value ?? '')
    .trim()
    .toUpperCase();
  if (t === '1' || t === 'PREPAID') return true;
  if (t === '2' || t === 'POSTPAID') return false;
  return undefined;
}

function acceptBill(body: JsonObject) {
  const disco = DISCOS.find(
    (d) =>
      d.discoId === integer(body.disco_name) ||
      d.name.toLowerCase() === String(body.disco_name ?? '').toLowerCase(),
  );
  if (!disco) return refuse('Invalid disco.');
  const prepaid = meterTypeIsPrepaid(body.MeterType);
  if (prepaid === undefined) return refuse('MeterType must be 1 (prepaid) or 2 (postpaid).');
  const meter = nonEmpty(body.meter_number);
  if (!meter || !METER_PATTERN.test(meter) || scenarioFor(meter) === 'invalidAccount') {
    return refuse('Invalid meter number.');
  }
  const amountKobo = nairaToKobo(body.amount);
  if (amountKobo === null || amountKobo < ELECTRICITY_MIN_NAIRA * NAIRA) {
    return refuse(`Minimum electricity purchase is N${ELECTRICITY_MIN_NAIRA}.`);
  }
  if (amountKobo > ELECTRICITY_MAX_NAIRA * NAIRA) {
    return refuse(`Maximum electricity purchase is N${ELECTRICITY_MAX_NAIRA}.`);
  }
  const customer = customerFor(meter);
  return {
    kind: 'bill' as const,
    ident: body.ident,
    value: meter,
    amountKobo,
    prepaid,
    fields: {
      package: disco.name,
      disco_name: disco.discoId,
      amount: nairaText(amountKobo),
      Customer_Phone: null,
      meter_number: meter,
      MeterType: prepaid ? 'PREPAID' : 'POSTPAID',
      paid_amount: nairaText(amountKobo),
      customer_name: customer.name.toUpperCase(),
      customer_address: customer.address,
    },
  };
}
