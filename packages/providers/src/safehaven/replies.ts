/**
 * The simulator's replies, built from the fixtures (fixtures/*.json, each shaped like a documented
 * Safe Haven reply; SOURCES.md): the simulator fills in its own values but cannot add a field the
 * fixture does not have, so the sandbox and the adapter's tests cannot drift from the sources.
 */
import { isObject, type JsonObject } from '../wire';
import accountsSuccess from './fixtures/accounts-success.json';
import banksSuccess from './fixtures/banks-success.json';
import identityInitiateSuccess from './fixtures/identity-initiate-success.json';
import identityValidateSuccess from './fixtures/identity-validate-success.json';
import nameEnquirySuccess from './fixtures/name-enquiry-success.json';
import payAirtimeSuccess from './fixtures/pay-airtime-success.json';
import payCableTvSuccess from './fixtures/pay-cable-tv-success.json';
import payDataSuccess from './fixtures/pay-data-success.json';
import payProcessing from './fixtures/pay-processing.json';
import payUtilitySuccess from './fixtures/pay-utility-success.json';
import productsSuccess from './fixtures/products-success.json';
import serviceCategoriesSuccess from './fixtures/service-categories-success.json';
import servicesSuccess from './fixtures/services-success.json';
import subaccountSuccess from './fixtures/subaccount-success.json';
import tokenSuccess from './fixtures/token-success.json';
import transactionNotFound from './fixtures/transaction-not-found.json';
import transactionSuccessful from './fixtures/transaction-successful.json';
import verifyCableSuccess from './fixtures/verify-cable-success.json';
import verifyPowerSuccess from './fixtures/verify-power-success.json';

export const FIXTURES = {
  accountsSuccess,
  banksSuccess,
  identityInitiateSuccess,
  identityValidateSuccess,
  nameEnquirySuccess,
  payProcessing,
  productsSuccess,
  serviceCategoriesSuccess,
  servicesSuccess,
  subaccountSuccess,
  tokenSuccess,
  transactionNotFound,
  transactionSuccessful,
  verifyCableSuccess,
  verifyPowerSuccess,
} as const;

/** The documented success reply of each pay kind: its data is the transaction record's shape. */
export const PAY_SUCCESS = {
  airtime: payAirtimeSuccess,
  data: payDataSuccess,
  'cable-tv': payCableTvSuccess,
  utility: payUtilitySuccess,
} as const;

/**
 * `template` with `values` laid over it. A key of `values` the template lacks is a programming
 * error (the simulator would speak a field no source shows); an undefined value drops the key
 * (a field the documented reply has only sometimes, such as utilityToken).
 */
export function fill(template: unknown, values: JsonObject): JsonObject {
  if (!isObject(template)) throw new Error('fixture template is not an object');
  const out: JsonObject = structuredClone(template);
  for (const [key, value] of Object.entries(values)) {
    if (!(key in template)) throw new Error(`simulator field "${key}" is not in the fixture`);
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}

/** A fixture reply whose envelope (statusCode, message …) is kept and whose `data` is filled. */
export function withData(
  fixture: unknown,
  data: JsonObject,
  envelope: JsonObject = {},
): JsonObject {
  if (!isObject(fixture)) throw new Error('fixture is not an object');
  return { ...fill(fixture, envelope), data: fill(fixture.data, data) };
}

/** A list reply: each item filled from the fixture's first item. */
export function withList(fixture: unknown, items: JsonObject[], envelope: JsonObject = {}) {
  if (!isObject(fixture) || !Array.isArray(fixture.data) || fixture.data.length === 0) {
    throw new Error('fixture has no list to copy');
  }
  const [template] = fixture.data as unknown[];
  return { ...fill(fixture, envelope), data: items.map((item) => fill(template, item)) };
}

/** A documented error shape: `{statusCode, message}` plus fields such as responseCode. */
export function errorBody(status: number, message: string, extra: JsonObject = {}): JsonObject {
  return { statusCode: status, message, ...extra };
}
