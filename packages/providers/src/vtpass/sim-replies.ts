/**
 * The VTpass simulator's replies, each built from the documented reply in fixtures/ (the same
 * files fixtures.test.ts serves to the adapter), with the order's own values filled in, so the
 * sandbox cannot drift from the shapes SOURCES.md cites.
 */
import { koboToNaira } from '@owo/shared/money';
import { nonEmpty, type JsonObject } from '../wire';
import { customerFor } from '../sandbox/customers';
import { nairaText, pick } from '../sandbox/sim-kit';
import { electricityPart, electricityShapeOf, electricityStamp } from './sim-electricity';
import type { VtpassCatalogueVariation, VtpassService } from './catalogue';
import payDelivered from './fixtures/pay-delivered.json';
import requeryDelivered from './fixtures/requery-delivered.json';
import verifyTv from './fixtures/merchant-verify-dstv.json';
import verifyGotv from './fixtures/merchant-verify-gotv.json';
import verifyStartimes from './fixtures/merchant-verify-startimes.json';
import verifyMeter from './fixtures/merchant-verify-meter.json';
import verifyWrong from './fixtures/merchant-verify-wrong-number.json';
import variationsReply from './fixtures/service-variations.json';
import balanceReply from './fixtures/balance.json';
import e010 from './fixtures/pay-010-variation-code.json';
import e011 from './fixtures/pay-011-invalid-arguments.json';
import e012 from './fixtures/pay-012-product.json';
import e013 from './fixtures/pay-013-below-minimum.json';
import e014 from './fixtures/pay-014-request-id-exists.json';
import e016 from './fixtures/pay-016-failed.json';
import e017 from './fixtures/pay-017-above-maximum.json';
import e018 from './fixtures/pay-018-low-wallet-balance.json';
import e027 from './fixtures/pay-027-ip-not-whitelisted.json';
import e085 from './fixtures/pay-085-improper-request-id.json';
import e087 from './fixtures/pay-087-invalid-credentials.json';
import r015 from './fixtures/requery-015-not-found.json';
import r040 from './fixtures/requery-040-reversal.json';
import reversalEvent from './fixtures/webhook-transaction-update-reversal.json';

const ERRORS = { e010, e011, e012, e013, e014, e016, e017, e018, e027, e085, e087, r015, r040 };
export type VtpassErrorCode =
  '010' | '011' | '012' | '013' | '014' | '016' | '017' | '018' | '027' | '085' | '087';

const copy = <T>(value: T): T => structuredClone(value) as T;

/** A documented error reply; `detail` (ours) goes in content.errors. */
export function errorReply(code: VtpassErrorCode, detail?: string, description?: string) {
  const reply: JsonObject = copy(ERRORS[`e${code}`]);
  if (description) reply.response_description = description;
  reply.content = { errors: detail ? [detail] : [] };
  return reply;
}

/** Requery of a request id VTpass never saw (015), or of an order it reversed (040). */
export function requeryCodeReply(code: '015' | '040', requestId: string): JsonObject {
  return { ...copy(code === '015' ? ERRORS.r015 : ERRORS.r040), requestId };
}

/** What the simulator knows of an order when it answers about it. */
export interface ReplyOrder {
  requestId: string;
  service: VtpassService;
  variation?: VtpassCatalogueVariation;
  createdAtMs: number;
  amountKobo: number;
  quantity: number;
  phone: string;
  uniqueElement: string;
  transactionId: string;
  /** A delivered prepaid vend whose reply names no token (the sandbox's "token later" meter). */
  withholdToken?: boolean;
}

export type TransactionStatus = 'initiated' | 'pending' | 'delivered' | 'failed' | 'reversed';

/** A pay or requery reply carrying the transaction (codes 000 and 099). */
export function transactionReply(
  order: ReplyOrder,
  phase: 'pay' | 'requery',
  code: '000' | '099',
  status: TransactionStatus,
  description: string,
): JsonObject {
  const { service, amountKobo } = order;
  const electricity = service.kind === 'electricity';
  const template: JsonObject = copy(phase === 'requery' ? requeryDelivered : payDelivered);
  const commissionKobo = Math.floor((amountKobo * service.commissionBps) / 10_000);
  const amount = koboToNaira(amountKobo);
  const tx = (template.content as { transactions: JsonObject }).transactions;
  Object.assign(tx, {
    status,
    product_name: order.variation?.fixedPrice
      ? `${service.name} - ${order.variation.name}`
      : service.name,
    unique_element: order.uniqueElement,
    unit_price:
      phase === 'pay'
        ? nairaText(Math.round(amountKobo / order.quantity))
        : koboToNaira(Math.round(amountKobo / order.quantity)),
    quantity: order.quantity,
    commission: koboToNaira(commissionKobo),
    total_amount: koboToNaira(amountKobo - commissionKobo),
    type: service.typeText,
    phone: order.phone,
    amount: phase === 'pay' ? nairaText(amountKobo) : amount,
    transactionId: order.transactionId,
    commission_details: {
      amount: koboToNaira(commissionKobo),
      rate: `${Math.floor(service.commissionBps / 100)}.${String(service.commissionBps % 100).padStart(2, '0')}`,
      rate_type: 'percent',
      computation_type: 'default',
    },
  });
  // Top-level amount and date: VTpass's airtime page and most DisCos send "50.00" and PHP's date
  // object; its TV pages and IKEDC's a number and an ISO string (SOURCES.md).
  const php =
    service.kind === 'airtime' || (electricity && electricityStamp(service.serviceID) === 'php');
  Object.assign(template, {
    code,
    response_description: description,
    requestId: order.requestId,
    amount: php ? nairaText(amountKobo) : amount,
    transaction_date: php ? phpDate(order.createdAtMs) : isoDate(order.createdAtMs),
    purchased_code: '',
  });
  if (!electricity) return template;

  const delivered = status === 'delivered';
  const part = electricityPart(
    {
      requestId: order.requestId,
      serviceID: service.serviceID,
      meter: order.uniqueElement,
      meterType: order.variation?.code === 'postpaid' ? 'postpaid' : 'prepaid',
      amountKobo,
    },
    delivered,
    order.withholdToken === true,
  );
  Object.assign(template, part);
  // IKEDC's requery also repeats the token in the transaction's `extras`.
  if (phase === 'requery' && electricityShapeOf(service.serviceID) === 'ikedc') {
    tx.extras = nonEmpty(part.purchased_code) ?? null;
  }
  return template;
}

/**
 * VTpass's transaction-update callback for a delivered order it reversed to our VTpass wallet
 * (code 040, status `reversed`); its `data` is also what a requery of the order answers after.
 */
export function reversalUpdate(order: ReplyOrder, walletCreditId: string): JsonObject {
  const event = copy(reversalEvent) as JsonObject & { data: JsonObject };
  const { service, amountKobo } = order;
  const commissionKobo = Math.floor((amountKobo * service.commissionBps) / 10_000);
  const data = event.data;
  Object.assign((data.content as { transactions: JsonObject }).transactions, {
    unique_element: order.uniqueElement,
    unit_price: koboToNaira(Math.round(amountKobo / order.quantity)),
    commission: koboToNaira(commissionKobo),
    total_amount: koboToNaira(amountKobo - commissionKobo),
    amount: koboToNaira(amountKobo),
    transactionId: order.transactionId,
    wallet_credit_id: walletCreditId,
  });
  Object.assign(data, {
    amount: koboToNaira(amountKobo - commissionKobo),
    requestId: order.requestId,
  });
  return event;
}

/** VTpass's ISO form of transaction_date: microseconds and Z ("2026-11-21T09:00:00.000000Z"). */
function isoDate(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '000Z');
}

/** PHP's DateTime as VTpass serialises it: Lagos wall time with microseconds, and the zone. */
function phpDate(ms: number): JsonObject {
  const lagos = new Date(ms + 60 * 60 * 1000).toISOString();
  return {
    date: `${lagos.slice(0, 10)} ${lagos.slice(11, 19)}.000000`,
    timezone_type: 3,
    timezone: 'Africa/Lagos',
  };
}

/**
 * A DStv / GOtv card: its bouquet, the bouquet's code and the renewal amount. DStv answers as its
 * page shows (Due_Date, Customer_Number a string), GOtv as the public SDK's types read it
 * (DUE_DATE, Customer_Number a number).
 */
export function verifyTvReply(
  service: VtpassService,
  billersCode: string,
  dueMs: number,
): JsonObject {
  const customer = customerFor(billersCode);
  const bouquet = currentBouquetOf(service, billersCode);
  const sdkShape = service.serviceID === 'gotv';
  const reply: JsonObject = copy(sdkShape ? verifyGotv : verifyTv);
  const due = `${new Date(dueMs).toISOString().slice(0, 10)}T00:00:00`;
  const customerNumber = 280_000_000 + pick(`cust:${billersCode}`, 9_999_999);
  Object.assign(reply.content as JsonObject, {
    Customer_Name: customer.name,
    [sdkShape ? 'DUE_DATE' : 'Due_Date']: due,
    Customer_Number: sdkShape ? customerNumber : String(customerNumber),
    Customer_Type: service.serviceID.toUpperCase(),
    Current_Bouquet: bouquet.name,
    Current_Bouquet_Code: bouquet.code,
    Renewal_Amount: renewalNaira(bouquet),
  });
  return reply;
}

/** A StarTimes card: VTpass names the customer and the e-wallet balance only. */
export function verifyStartimesReply(billersCode: string): JsonObject {
  const reply: JsonObject = copy(verifyStartimes);
  Object.assign(reply.content as JsonObject, {
    Customer_Name: customerFor(billersCode).name,
    Smartcard_Number: billersCode,
  });
  return reply;
}

export function verifyMeterReply(
  billersCode: string,
  type: 'prepaid' | 'postpaid',
  minimumNaira: number,
): JsonObject {
  const customer = customerFor(billersCode);
  const reply: JsonObject = copy(verifyMeter);
  Object.assign(reply.content as JsonObject, {
    Customer_Name: customer.name,
    Address: customer.address,
    Meter_Number: billersCode,
    Customer_Arrears: type === 'postpaid' ? '4520.00' : '0.00',
    Minimum_Amount: minimumNaira,
    Min_Purchase_Amount: minimumNaira,
    Business_Unit: customer.address.split(', ').pop(),
    Meter_Type: type.toUpperCase(),
  });
  return reply;
}

/** VTpass answers a wrong meter or card with 000 and an error inside content, not an error code. */
export function wrongNumberReply(message: string): JsonObject {
  const reply: JsonObject = copy(verifyWrong);
  (reply.content as JsonObject).error = message;
  return reply;
}

/** The list under the spelling(s) VTpass uses for the service (catalogue.ts `listKey`). */
export function variationsReplyFor(service: VtpassService): JsonObject {
  const reply: JsonObject = copy(variationsReply);
  const list = service.variations.map((v) => ({
    variation_code: v.code,
    name: v.name,
    variation_amount: v.amount,
    fixedPrice: v.fixedPrice ? 'Yes' : 'No',
  }));
  Object.assign(reply.content as JsonObject, {
    ServiceName: service.name,
    serviceID: service.serviceID,
    convinience_fee: service.kind === 'electricity' ? 'N0.00' : '0 %',
    variations: list,
    varations: list,
  });
  if (service.listKey === 'variations') delete (reply.content as JsonObject).varations;
  if (service.listKey === 'varations') delete (reply.content as JsonObject).variations;
  return reply;
}

export function balanceReplyOf(kobo: number): JsonObject {
  const reply: JsonObject = copy(balanceReply);
  (reply.contents as JsonObject).balance = nairaText(kobo);
  return reply;
}

/** The bouquet a sandbox card is on: picked from the service's list by the card's digits. */
export function currentBouquetOf(service: VtpassService, billersCode: string) {
  return service.variations[pick(billersCode, service.variations.length)]!;
}

/** Renewal at a 5 % promo off the list price, whole naira (VTpass: promos make them differ). */
export function renewalNaira(bouquet: VtpassCatalogueVariation): number {
  return Math.floor((Number(bouquet.amount) * 95) / 100);
}
