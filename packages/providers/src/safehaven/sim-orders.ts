/**
 * What the Safe Haven simulator accepts as a VAS order: each kind's own fields (phone, bundle,
 * card, meter and vend type) and its amount rules. Amount limits are ours (the API's own limits),
 * not Safe Haven's.
 */
import {
  AIRTIME_MAX_NAIRA,
  AIRTIME_MIN_NAIRA,
  ELECTRICITY_MAX_NAIRA,
  ELECTRICITY_MIN_NAIRA,
} from '@owo/shared/constants';
import { isValidNigerianPhone } from '@owo/shared/phone';
import type { SafeHavenPayKind } from '../types';
import { nonEmpty, type JsonObject } from '../wire';
import type { Scenario } from '../sandbox/magic';
import type { SafeHavenCatalogueCategory, SafeHavenCatalogueProduct } from './catalogue';

const METER_NUMBER = /^\d{11,13}$/;
const CARD_NUMBER = /^\d{10,11}$/;

export interface VasOrder {
  /** Safe Haven's id (24 hex, as its MongoDB ids): the key of the transaction lookup. */
  id: string;
  /** Safe Haven's own reference (32 hex); we never send one. */
  reference: string;
  kind: SafeHavenPayKind;
  category: SafeHavenCatalogueCategory;
  product?: SafeHavenCatalogueProduct;
  amountKobo: number;
  /** The number the product goes to: phone, card or meter. */
  uniqueElement: string;
  vendType?: 'PREPAID' | 'POSTPAID';
  scenario: Scenario;
  createdAtMs: number;
}

/** Checks the kind's own fields; answers the order's fields or the validation message. */
export function acceptOrder(
  kind: SafeHavenPayKind,
  category: SafeHavenCatalogueCategory,
  body: JsonObject,
  amountKobo: number,
):
  | { error: string }
  | {
      uniqueElement: string;
      product?: SafeHavenCatalogueProduct;
      vendType?: 'PREPAID' | 'POSTPAID';
    } {
  const phoneNumber = nonEmpty(body.phoneNumber);
  switch (kind) {
    case 'airtime': {
      if (!phoneNumber || !isValidNigerianPhone(phoneNumber)) {
        return { error: '"phoneNumber" must be a valid phone number' };
      }
      const limit = limitError(amountKobo, AIRTIME_MIN_NAIRA, AIRTIME_MAX_NAIRA);
      return limit ? { error: limit } : { uniqueElement: phoneNumber };
    }
    case 'data': {
      if (!phoneNumber || !isValidNigerianPhone(phoneNumber)) {
        return { error: '"phoneNumber" must be a valid phone number' };
      }
      const product = productFor(category, body, amountKobo);
      return 'error' in product ? product : { uniqueElement: phoneNumber, product };
    }
    case 'cable-tv': {
      const cardNumber = nonEmpty(body.cardNumber);
      if (!cardNumber || !CARD_NUMBER.test(cardNumber)) {
        return { error: '"cardNumber" must be a valid card number' };
      }
      const product = productFor(category, body, amountKobo);
      return 'error' in product ? product : { uniqueElement: cardNumber, product };
    }
    case 'utility': {
      const meterNumber = nonEmpty(body.meterNumber);
      const vendType = nonEmpty(body.vendType)?.toUpperCase();
      if (!meterNumber || !METER_NUMBER.test(meterNumber)) {
        return { error: '"meterNumber" must be a valid meter number' };
      }
      if (vendType !== 'PREPAID' && vendType !== 'POSTPAID') {
        return { error: '"vendType" must be one of [PREPAID, POSTPAID]' };
      }
      const limit = limitError(amountKobo, ELECTRICITY_MIN_NAIRA, ELECTRICITY_MAX_NAIRA);
      return limit ? { error: limit } : { uniqueElement: meterNumber, vendType };
    }
  }
}

/** The product a data or cable order names; a fixed-price product must be paid exactly. */
function productFor(
  category: SafeHavenCatalogueCategory,
  body: JsonObject,
  amountKobo: number,
): SafeHavenCatalogueProduct | { error: string } {
  const bundleCode = nonEmpty(body.bundleCode);
  const product = category.products.find((p) => p.bundleCode === bundleCode);
  if (!product) return { error: 'Invalid bundle code' };
  if (product.amount === null) {
    return amountKobo < 100 * 100 ? { error: 'Minimum top up amount is 100' } : product;
  }
  if (amountKobo !== product.amount * 100) {
    return { error: `Amount must be ${product.amount} for this bundle` };
  }
  return product;
}

function limitError(amountKobo: number, minNaira: number, maxNaira: number): string | undefined {
  if (amountKobo < minNaira * 100) return `Minimum amount is ${minNaira}`;
  if (amountKobo > maxNaira * 100) return `Maximum amount is ${maxNaira}`;
  return undefined;
}
