/**
 * The electricity part of the VTpass simulator's pay and requery replies. VTpass passes each
 * DisCo's own vend reply through at the top level, so the token and units sit under different
 * names per DisCo (SOURCES.md, "Electricity replies per DisCo"). Each shape is a fixture; the
 * simulator copies the DisCo's fixture and fills in the order's values, so the adapter meets every
 * documented place a token or units can be.
 */
import type { JsonObject } from '../wire';
import { customerFor } from '../sandbox/customers';
import { tokenFor, unitsFor } from '../sandbox/sim-kit';
import ikedc from './fixtures/pay-electricity-ikedc.json';
import ekedc from './fixtures/pay-electricity-ekedc.json';
import aedc from './fixtures/pay-electricity-aedc.json';
import ibedc from './fixtures/pay-electricity-ibedc.json';
import kedco from './fixtures/pay-electricity-kedco.json';
import postpaid from './fixtures/pay-electricity-postpaid.json';
import noToken from './fixtures/pay-electricity-no-token.json';

export type ElectricityShape = 'ikedc' | 'ekedc' | 'aedc' | 'ibedc' | 'kedco';

/**
 * Which DisCo answers in which shape. The five named ones are the shapes the sources show for
 * them; VTpass's IKEDC page lists the other DisCos under "Others services" with the same flow, so
 * they answer in the IKEDC page's shape.
 */
export const ELECTRICITY_SHAPES: Readonly<Record<string, ElectricityShape>> = {
  'ikeja-electric': 'ikedc',
  'eko-electric': 'ekedc',
  'abuja-electric': 'aedc',
  'ibadan-electric': 'ibedc',
  'kano-electric': 'kedco',
};

export function electricityShapeOf(serviceID: string): ElectricityShape {
  return ELECTRICITY_SHAPES[serviceID] ?? 'ikedc';
}

/** The top-level keys each fixture adds to VTpass's common pay reply. */
const TEMPLATES: Record<ElectricityShape | 'postpaid' | 'noToken', JsonObject> = {
  ikedc,
  ekedc,
  aedc,
  ibedc,
  kedco,
  postpaid,
  noToken,
};

/** Keys every VTpass pay reply has; the rest of a fixture is the DisCo's own part. */
const COMMON = new Set([
  'code',
  'content',
  'response_description',
  'requestId',
  'amount',
  'transaction_date',
  'purchased_code',
]);

export interface ElectricityOrder {
  requestId: string;
  serviceID: string;
  meter: string;
  meterType: 'prepaid' | 'postpaid';
  amountKobo: number;
}

/**
 * The DisCo's part of a reply (top-level keys, purchased_code included) for an order in the given
 * state. A prepaid token exists only once delivered; `withholdToken` answers a delivered vend
 * whose reply names no token anywhere (the sandbox's "token later" meter).
 */
export function electricityPart(
  order: ElectricityOrder,
  delivered: boolean,
  withholdToken = false,
): JsonObject {
  const customer = customerFor(order.meter);
  if (order.meterType === 'postpaid') {
    return {
      ...ownPart(TEMPLATES.postpaid),
      customerName: customer.name,
      customerAddress: customer.address,
      purchased_code: '',
    };
  }
  if (!delivered || withholdToken) return { ...ownPart(TEMPLATES.noToken), purchased_code: '' };

  const token = tokenFor(order.requestId);
  const digits = token.replace(/-/g, '');
  const kwh = unitsFor(order.amountKobo);
  const shape = electricityShapeOf(order.serviceID);
  const part = ownPart(TEMPLATES[shape]);
  switch (shape) {
    case 'ikedc':
      return {
        ...part,
        purchased_code: `Token : ${digits}`,
        token: `Token : ${digits}`,
        units: `${kwh} kWh`,
      };
    case 'ekedc': {
      const bonus = tokenFor(`bonus:${order.requestId}`).replace(/-/g, '');
      return {
        ...part,
        purchased_code: `Token : ${digits} Bonus Token : ${bonus}`,
        mainToken: digits,
        mainTokenUnits: Number(kwh),
        bonusToken: bonus,
      };
    }
    case 'aedc':
      return {
        ...part,
        purchased_code: '',
        customerName: customer.name,
        customerAddress: customer.address,
        MeterNumber: order.meter,
        Token: digits,
        PurchasedUnits: kwh,
        Name: customer.name,
        Address: customer.address,
      };
    case 'ibedc':
      return { ...part, purchased_code: `Token : ${token}`, Units: `${kwh} kWh` };
    case 'kedco':
      return { ...part, purchased_code: `Token : ${token.replace(/-/g, ' ')}` };
  }
}

/**
 * The amount and date as the DisCo's page shows them: IKEDC's page a number and an ISO string,
 * the others (and the SDK's types) a naira string and PHP's {date, timezone_type, timezone}.
 */
export function electricityStamp(serviceID: string): 'iso' | 'php' {
  return electricityShapeOf(serviceID) === 'ikedc' ? 'iso' : 'php';
}

function ownPart(template: JsonObject): JsonObject {
  const copy = structuredClone(template);
  for (const key of COMMON) delete copy[key];
  return copy;
}
