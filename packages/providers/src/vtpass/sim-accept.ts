/**
 * What the VTpass simulator checks in a pay body before it records an order, per product, with
 * VTpass's documented refusals (SOURCES.md): the request id's date (085), missing arguments (011),
 * unknown variations (010), amount limits (013 / 017), and for DStv / GOtv the mandatory
 * subscription_type (`change` with a variation, or `renew` with the merchant-verify amount).
 */
import {
  AIRTIME_MAX_NAIRA,
  AIRTIME_MIN_NAIRA,
  ELECTRICITY_MAX_NAIRA,
  ELECTRICITY_MIN_NAIRA,
} from '@owo/shared/constants';
import { integer, nairaToKobo, nonEmpty, type JsonObject } from '../wire';
import { hasValidLagosPrefix, lagosStamp } from './request-id';
import type { VtpassCatalogueVariation, VtpassService } from './catalogue';
import { errorReply } from './sim-replies';

const NAIRA = 100;
/** DStv and GOtv take subscription_type; StarTimes and ShowMax document none. */
export const SUBSCRIPTION_TYPE_SERVICES = new Set(['dstv', 'gotv']);

/**
 * 085 as VTpass words it: no date, not a date, or not today's date (Africa/Lagos). Undefined when
 * the id is acceptable.
 */
export function requestIdProblem(requestId: string, nowMs: number): JsonObject | undefined {
  if (!/^\d{8}/.test(requestId)) {
    return errorReply('085', undefined, 'IMPROPER REQUEST ID: DOES NOT CONTAIN DATE');
  }
  if (!/^\d{12}[A-Za-z0-9_-]{0,88}$/.test(requestId) || !hasValidLagosPrefix(requestId)) {
    return errorReply(
      '085',
      'The first 12 characters must be YYYYMMDDHHII',
      'IMPROPER REQUEST ID: NOT PROPER DATE FORMAT - FIRST 8 CHARACTERS MUST BE DATE (TODAY\u2019S DATE - YYYYMMDD)',
    );
  }
  if (requestId.slice(0, 8) !== lagosStamp(nowMs).slice(0, 8)) {
    return errorReply(
      '085',
      undefined,
      'IMPROPER REQUEST ID: DATE NOT TODAY\u2019S DATE - FIRST 8 CHARACTERS MUST BE TODAY\u2019S DATE IN THIS FORMAT: YYYYMMDD',
    );
  }
  return undefined;
}

export type Accepted = {
  amountKobo: number;
  quantity: number;
  uniqueElement: string;
  variation?: VtpassCatalogueVariation;
};

/** Checks a pay body against the product; answers the order's product fields or the refusal. */
export function acceptOrder(
  service: VtpassService,
  body: JsonObject,
  phone: string,
): { error: JsonObject } | Accepted {
  const billersCode = nonEmpty(body.billersCode);
  const variationCode = nonEmpty(body.variation_code);
  const variation = service.variations.find((v) => v.code === variationCode);
  const amountKobo = nairaToKobo(body.amount);
  const missing = (what: string) => ({ error: errorReply('011', `${what} is required`) });

  switch (service.kind) {
    case 'airtime': {
      const limit = checkLimits(amountKobo, AIRTIME_MIN_NAIRA, AIRTIME_MAX_NAIRA);
      return limit
        ? { error: limit }
        : { amountKobo: amountKobo!, quantity: 1, uniqueElement: phone };
    }
    case 'data': {
      if (!variation) return { error: errorReply('010') };
      // Fixed-price variations cost what the catalogue says; VTpass ignores the amount sent.
      const price = nairaToKobo(variation.amount)!;
      return { amountKobo: price, quantity: 1, uniqueElement: billersCode ?? phone, variation };
    }
    case 'tv':
      if (!billersCode) return missing('billersCode');
      return SUBSCRIPTION_TYPE_SERVICES.has(service.serviceID)
        ? acceptBouquet(service, body, billersCode, variation, amountKobo)
        : variation
          ? {
              amountKobo: amountKobo ?? nairaToKobo(variation.amount)!,
              quantity: 1,
              uniqueElement: billersCode,
              variation,
            }
          : variationCode
            ? { error: errorReply('010') }
            : missing('variation_code');
    case 'electricity': {
      if (!variation) return { error: errorReply('010') };
      if (!billersCode) return missing('billersCode');
      const limit = checkLimits(amountKobo, ELECTRICITY_MIN_NAIRA, ELECTRICITY_MAX_NAIRA);
      return limit
        ? { error: limit }
        : { amountKobo: amountKobo!, quantity: 1, uniqueElement: billersCode, variation };
    }
  }
}

/**
 * DStv / GOtv: `renew` tops the card up with the amount sent (the merchant-verify Renewal_Amount);
 * `change` buys the variation for `quantity` months, or tops up the amount when one is sent.
 */
function acceptBouquet(
  service: VtpassService,
  body: JsonObject,
  billersCode: string,
  variation: VtpassCatalogueVariation | undefined,
  amountKobo: number | null,
): { error: JsonObject } | Accepted {
  const type = nonEmpty(body.subscription_type)?.toLowerCase();
  if (type !== 'change' && type !== 'renew') {
    return {
      error: errorReply(
        '011',
        `subscription_type is required for ${service.serviceID}: change or renew`,
      ),
    };
  }
  if (type === 'renew') {
    if (amountKobo === null || amountKobo <= 0) {
      return { error: errorReply('011', 'amount is required to renew: use Renewal_Amount') };
    }
    return { amountKobo, quantity: 1, uniqueElement: billersCode };
  }
  if (!variation) {
    return nonEmpty(body.variation_code)
      ? { error: errorReply('010') }
      : { error: errorReply('011', 'variation_code is required to change a bouquet') };
  }
  const quantity = body.quantity === undefined ? 1 : integer(body.quantity);
  if (quantity === undefined || quantity < 1) {
    return { error: errorReply('011', 'quantity must be a whole number of months') };
  }
  const price = nairaToKobo(variation.amount)! * quantity;
  return {
    amountKobo: amountKobo !== null && amountKobo > 0 ? amountKobo : price,
    quantity,
    uniqueElement: billersCode,
    variation,
  };
}

function checkLimits(amountKobo: number | null, minNaira: number, maxNaira: number) {
  if (amountKobo === null || amountKobo <= 0) {
    return errorReply('011', 'amount must be a positive naira amount');
  }
  if (amountKobo < minNaira * NAIRA) return errorReply('013', `Minimum amount is ${minNaira}`);
  if (amountKobo > maxNaira * NAIRA) return errorReply('017', `Maximum amount is ${maxNaira}`);
  return undefined;
}
