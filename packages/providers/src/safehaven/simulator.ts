/**
 * The Safe Haven MFB simulator: speaks Safe Haven's wire format (OAuth2 client assertion, identity
 * v2 with OTP, sub-accounts, bank list and name enquiry, the VAS services/categories/products,
 * verify, pay and transaction query) with its `{statusCode, message, data}` replies. It checks the
 * client assertion's RS256 signature with the sandbox public key, and keeps identities, accounts and
 * orders in memory. Magic values (sandbox/magic.ts) drive every outcome; docs/sandbox.md lists them.
 */
import { createHash, createPublicKey, randomBytes, randomInt } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { koboToNaira } from '@owo/shared/money';
import {
  AIRTIME_MAX_NAIRA,
  AIRTIME_MIN_NAIRA,
  ELECTRICITY_MAX_NAIRA,
  ELECTRICITY_MIN_NAIRA,
} from '@owo/shared/constants';
import { isValidNigerianPhone } from '@owo/shared/phone';
import type { SafeHavenPayKind, SafeHavenServiceIdentifier } from '../types';
import { isObject, nairaToKobo, nonEmpty, type JsonObject } from '../wire';
import { customerFor } from '../sandbox/customers';
import {
  MAGIC_METERS,
  SAFEHAVEN_ACCOUNTS,
  SAFEHAVEN_IDENTITIES,
  SAFEHAVEN_OTP_TTL_MS,
  SAFEHAVEN_VERIFY_UNAVAILABLE,
  scenarioFor,
  type Scenario,
} from '../sandbox/magic';
import {
  abandon,
  dropConnection,
  holdOpen,
  sendHtml500,
  sendMalformed,
  statusAt,
  tokenFor,
  unitsFor,
  type SimStatus,
  type SimulatorOptions,
} from '../sandbox/sim-kit';
import { CLIENT_ASSERTION_TYPE, verifyClientAssertion } from './auth';
import { SAFEHAVEN_BANKS, SAFEHAVEN_BANK_CODES, SAFEHAVEN_OWN_BANK_CODE } from './banks';
import {
  SAFEHAVEN_CATEGORIES,
  SAFEHAVEN_SERVICES,
  type SafeHavenCatalogueCategory,
  type SafeHavenCatalogueProduct,
} from './catalogue';
import { accountNameFor, personFor, type PersonName } from './people';

export interface SafeHavenSimulatorOptions extends SimulatorOptions {
  keys: { clientId: string; publicKey: string; debitAccountNumber: string };
  /**
   * The clock for client assertions and access tokens (real milliseconds, default Date.now). It is
   * not the simulator clock: tests move that one by days to settle orders, and tokens signed with
   * the real time must still be accepted.
   */
  authNow?: () => number;
  /** Access-token lifetime in seconds (default 2 400, as Safe Haven's). */
  tokenLifetimeSeconds?: number;
  /** Where OTPs "sent to the phone on record" are printed (default console.info). */
  log?: (line: string) => void;
}

export const SAFEHAVEN_BANK_NAME = 'Safe Haven MFB';
export const SAFEHAVEN_LOG_PREFIX = '[safehaven sandbox]';

const IDENTITY_NUMBER = /^\d{11}$/;
const ACCOUNT_NUMBER = /^\d{10}$/;
const METER_NUMBER = /^\d{11,13}$/;
const CARD_NUMBER = /^\d{10,11}$/;
const REFERENCE = /^[A-Za-z0-9_.:-]{1,64}$/;
const CHANNELS = new Set(['WEB', 'POS', 'ATM']);

const SERVICE_OF_KIND: Record<SafeHavenPayKind, SafeHavenServiceIdentifier> = {
  airtime: 'AIRTIME',
  data: 'DATA',
  'cable-tv': 'CABLETV',
  utility: 'UTILITY',
};

const PAID_MESSAGE: Record<SafeHavenPayKind, string> = {
  airtime: 'Airtime has been purchased successfully.',
  data: 'Data Bundle purchased successfully.',
  'cable-tv': 'Cable TV purchased successfully.',
  utility: 'Utility Package purchased successfully.',
};

const WIRE_STATUS: Record<SimStatus, string> = {
  delivered: 'successful',
  pending: 'processing',
  failed: 'failed',
  reversed: 'reversed',
};

interface Identity {
  id: string;
  type: 'BVN' | 'NIN';
  number: string;
  otp: string;
  createdAtMs: number;
  validated: boolean;
  person: PersonName;
}

interface SubAccount {
  id: string;
  accountNumber: string;
  accountName: string;
  externalReference: string;
  identityNumber: string;
  record: JsonObject;
}

interface VasOrder {
  id: string;
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

/** A 24-hex id in the shape of Safe Haven's (MongoDB ObjectId). */
function objectId(): string {
  return randomBytes(12).toString('hex');
}

function sendError(reply: FastifyReply, status: number, message: string, extra: JsonObject = {}) {
  return reply.code(status).send({ statusCode: status, message, ...extra });
}

export const safeHavenSimulator: FastifyPluginAsync<SafeHavenSimulatorOptions> = async (
  app,
  options,
) => {
  const { keys, now, holdMs } = options;
  const authNow = options.authNow ?? Date.now;
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 2_400;
  const log = options.log ?? ((line: string) => console.info(line));
  const publicKey = createPublicKey(keys.publicKey);
  const ibsClientId = createHash('sha256').update(keys.clientId).digest('hex').slice(0, 24);
  const prefix = app.prefix;

  const tokens = new Map<string, number>();
  const identities = new Map<string, Identity>();
  const accountsByReference = new Map<string, SubAccount>();
  const accountsByNumber = new Map<string, SubAccount>();
  const orders = new Map<string, VasOrder>();

  // Every call but the token exchange carries the bearer token and our ibs_client_id.
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url?.endsWith('/oauth2/token')) return;
    const header = request.headers.authorization ?? '';
    const token = /^Bearer (\S+)$/i.exec(header)?.[1];
    const expiresAtMs = token ? tokens.get(token) : undefined;
    if (!token || expiresAtMs === undefined || expiresAtMs <= authNow()) {
      return sendError(reply, 401, 'Unauthorized: invalid or expired access token', {
        error: 'Unauthorized',
      });
    }
    if (request.headers.clientid !== ibsClientId) {
      return sendError(reply, 401, 'Unauthorized: invalid ClientID', { error: 'Unauthorized' });
    }
  });

  // ------------------------------------------------------------------ auth

  app.post('/oauth2/token', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const refuse = (description: string) =>
      sendError(reply, 401, description, { error: 'invalid_client' });
    if (body.grant_type !== 'client_credentials') {
      return sendError(reply, 400, 'grant_type must be client_credentials', {
        error: 'unsupported_grant_type',
      });
    }
    if (body.client_assertion_type !== CLIENT_ASSERTION_TYPE) {
      return refuse(`client_assertion_type must be ${CLIENT_ASSERTION_TYPE}`);
    }
    if (body.client_id !== keys.clientId) return refuse('Unknown client_id');
    const assertion = nonEmpty(body.client_assertion);
    if (!assertion) return refuse('client_assertion is required');
    const check = verifyClientAssertion(assertion, publicKey, Math.floor(authNow() / 1000));
    if (!check.ok) return refuse(`Invalid client assertion (${check.reason})`);
    if (check.claims.sub !== keys.clientId) return refuse('Invalid client assertion (sub)');
    if (!audienceMatches(check.claims.aud)) return refuse('Invalid client assertion (aud)');

    const accessToken = randomBytes(32).toString('base64url');
    tokens.set(accessToken, authNow() + tokenLifetimeSeconds * 1000);
    return {
      access_token: accessToken,
      client_id: keys.clientId,
      token_type: 'Bearer',
      expires_in: tokenLifetimeSeconds,
      refresh_token: randomBytes(24).toString('base64url'),
      ibs_client_id: ibsClientId,
      ibs_user_id: createHash('sha256').update(`user:${keys.clientId}`).digest('hex').slice(0, 24),
    };
  });

  /** `aud` is Safe Haven's environment URL: here, any origin plus this simulator's prefix. */
  function audienceMatches(aud: string): boolean {
    try {
      return new URL(aud).pathname.replace(/\/+$/, '') === prefix.replace(/\/+$/, '');
    } catch {
      return false;
    }
  }

  // ------------------------------------------------------------------ transfers: banks, name enquiry

  app.get('/transfers/banks', async () => ({
    statusCode: 200,
    message: 'Banks fetched successfully.',
    data: SAFEHAVEN_BANKS.map((bank) => ({
      name: bank.name,
      alias: bank.alias,
      routingKey: bank.bankCode,
      logoImage: null,
      bankCode: bank.bankCode,
      categoryId: bank.bankCode.startsWith('0000') ? '0' : '1',
      nubanCode: bank.nubanCode,
    })),
  }));

  app.post('/transfers/name-enquiry', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const bankCode = nonEmpty(body.bankCode);
    const accountNumber = nonEmpty(body.accountNumber);
    if (!bankCode || !SAFEHAVEN_BANK_CODES.has(bankCode)) {
      return sendError(reply, 400, 'Invalid bank code');
    }
    if (!accountNumber || !ACCOUNT_NUMBER.test(accountNumber)) {
      return sendError(reply, 400, '"accountNumber" length must be 10 characters long');
    }
    if (accountNumber === SAFEHAVEN_ACCOUNTS.notFound) {
      return sendError(reply, 400, 'Invalid Account', { responseCode: '07' });
    }
    if (accountNumber === SAFEHAVEN_ACCOUNTS.unavailable) {
      return sendError(reply, 400, 'Beneficiary Bank not available', { responseCode: '91' });
    }
    const own = bankCode === SAFEHAVEN_OWN_BANK_CODE ? accountsByNumber.get(accountNumber) : null;
    return {
      statusCode: 200,
      responseCode: '00',
      message: 'Approved or completed successfully',
      data: {
        bankCode,
        accountNumber,
        accountName: own ? own.accountName.toUpperCase() : accountNameFor(accountNumber),
        kycLevel: '3',
        sessionId: sessionId(),
      },
    };
  });

  /** A 30-digit NIP session id: our institution code, the time, and random digits. */
  function sessionId(): string {
    const stamp = new Date(now()).toISOString().replace(/\D/g, '').slice(2, 14);
    const tail = Array.from({ length: 12 }, () => randomInt(10)).join('');
    return `${SAFEHAVEN_OWN_BANK_CODE}${stamp}${tail}`;
  }

  // ------------------------------------------------------------------ identity (BVN / NIN)

  app.post('/identity/v2', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const type = nonEmpty(body.type)?.toUpperCase();
    const number = nonEmpty(body.number);
    if (type !== 'BVN' && type !== 'NIN') {
      return sendError(reply, 400, '"type" must be one of [BVN, NIN, CAC, CREDITCHECK]');
    }
    if (!number || !IDENTITY_NUMBER.test(number)) {
      return sendError(reply, 400, '"number" length must be 11 characters long');
    }
    if (nonEmpty(body.debitAccountNumber) !== keys.debitAccountNumber) {
      return sendError(reply, 400, 'Invalid debit account number');
    }
    if (number === SAFEHAVEN_IDENTITIES.unavailable) {
      return sendError(reply, 500, 'Verification service is temporarily unavailable');
    }
    if (number === SAFEHAVEN_IDENTITIES.notFound) {
      return sendError(reply, 400, `No record found for this ${type}`);
    }
    const otp = number.startsWith(SAFEHAVEN_IDENTITIES.fixedOtpPrefix)
      ? SAFEHAVEN_IDENTITIES.fixedOtp
      : String(randomInt(0, 1_000_000)).padStart(6, '0');
    const identity: Identity = {
      id: objectId(),
      type,
      number,
      otp,
      createdAtMs: now(),
      validated: false,
      person: personFor(number),
    };
    identities.set(identity.id, identity);
    log(`${SAFEHAVEN_LOG_PREFIX} OTP for ${type} ${number}: ${otp} (identityId ${identity.id})`);
    return {
      statusCode: 200,
      message: `OTP sent to the phone number linked to this ${type}.`,
      data: {
        _id: identity.id,
        clientId: ibsClientId,
        type,
        amount: 0,
        status: 'PENDING',
        debitAccountNumber: keys.debitAccountNumber,
        otpVerified: false,
        createdAt: new Date(identity.createdAtMs).toISOString(),
      },
    };
  });

  app.post('/identity/v2/validate', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const identity = identities.get(nonEmpty(body.identityId) ?? '');
    const type = nonEmpty(body.type)?.toUpperCase();
    const otp = nonEmpty(body.otp);
    if (!identity) return sendError(reply, 400, 'Identity verification record not found');
    if (type !== identity.type) return sendError(reply, 400, 'Identity type does not match');
    if (!otp) return sendError(reply, 400, '"otp" is required');
    if (now() - identity.createdAtMs > SAFEHAVEN_OTP_TTL_MS) {
      return sendError(reply, 400, 'OTP has expired. Please initiate a new verification.');
    }
    if (otp !== identity.otp) return sendError(reply, 400, 'Invalid OTP');
    identity.validated = true;
    const { firstName, middleName, lastName } = identity.person;
    return {
      statusCode: 200,
      message: 'Verification successful.',
      data: {
        _id: identity.id,
        clientId: ibsClientId,
        type: identity.type,
        status: 'SUCCESS',
        otpVerified: true,
        providerResponse: {
          firstName: firstName.toUpperCase(),
          middleName: middleName.toUpperCase(),
          lastName: lastName.toUpperCase(),
          [identity.type === 'BVN' ? 'bvn' : 'nin']: identity.number,
        },
      },
    };
  });

  // ------------------------------------------------------------------ sub-accounts

  app.post('/accounts/v2/subaccount', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const phoneNumber = nonEmpty(body.phoneNumber);
    const emailAddress = nonEmpty(body.emailAddress);
    const externalReference = nonEmpty(body.externalReference);
    const identityNumber = nonEmpty(body.identityNumber);
    const identityType = nonEmpty(body.identityType)?.toUpperCase();
    if (!phoneNumber || !isValidNigerianPhone(phoneNumber)) {
      return sendError(reply, 400, '"phoneNumber" must be a valid phone number');
    }
    if (!emailAddress || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(emailAddress)) {
      return sendError(reply, 400, '"emailAddress" must be a valid email');
    }
    if (!externalReference || !REFERENCE.test(externalReference)) {
      return sendError(reply, 400, '"externalReference" is required');
    }
    const existing = accountsByReference.get(externalReference);
    if (existing) {
      // The same externalReference names the same account: a retried call gets it back.
      if (existing.identityNumber !== identityNumber) {
        return sendError(reply, 400, 'externalReference has already been used');
      }
      return { statusCode: 200, message: 'Account created successfully.', data: existing.record };
    }
    const identity = identities.get(nonEmpty(body.identityId) ?? '');
    if (!identity || !identity.validated) {
      return sendError(reply, 400, 'Identity has not been verified');
    }
    if (identity.number !== identityNumber || identity.type !== identityType) {
      return sendError(reply, 400, 'identityNumber does not match the verified identity');
    }
    if (nonEmpty(body.otp) !== identity.otp) return sendError(reply, 400, 'Invalid OTP');

    const accountName = `${identity.person.firstName} ${identity.person.lastName}`;
    const accountNumber = accountNumberFor(externalReference);
    const id = objectId();
    const created = new Date(now()).toISOString();
    const record: JsonObject = {
      _id: id,
      client: ibsClientId,
      accountProduct: objectId(),
      accountNumber,
      accountName,
      bankName: SAFEHAVEN_BANK_NAME,
      accountType: 'Savings',
      currencyCode: 'NGN',
      [identity.type === 'BVN' ? 'bvn' : 'nin']: identity.number,
      accountBalance: 0,
      bookBalance: 0,
      status: 'Active',
      isSubAccount: true,
      externalReference,
      subAccountDetails: {
        firstName: identity.person.firstName,
        lastName: identity.person.lastName,
        emailAddress,
        phoneNumber,
        identityType: identity.type,
      },
      createdAt: created,
      updatedAt: created,
    };
    const account = {
      id,
      accountNumber,
      accountName,
      externalReference,
      identityNumber: identity.number,
      record,
    };
    accountsByReference.set(externalReference, account);
    accountsByNumber.set(accountNumber, account);
    return { statusCode: 200, message: 'Account created successfully.', data: record };
  });

  /**
   * A permanent 10-digit number from the externalReference: a restarted sandbox gives the same
   * reference the same number, and different references practically never collide.
   */
  function accountNumberFor(externalReference: string): string {
    for (let attempt = 0; ; attempt += 1) {
      const digest = createHash('sha256').update(`acct:${externalReference}:${attempt}`).digest();
      const candidate = `8${String(digest.readUInt32BE(0) % 1_000_000_000).padStart(9, '0')}`;
      if (!accountsByNumber.has(candidate)) return candidate;
    }
  }

  // ------------------------------------------------------------------ VAS catalogue

  app.get('/vas/services', async () => ({
    statusCode: 200,
    message: 'Services fetched successfully.',
    data: SAFEHAVEN_SERVICES.map(serviceRecord),
  }));

  app.get<{ Params: { id: string } }>('/vas/service/:id', async (request, reply) => {
    const service = SAFEHAVEN_SERVICES.find((s) => s.id === request.params.id);
    if (!service) return sendError(reply, 404, 'Service not found');
    return {
      statusCode: 200,
      message: 'Service fetched successfully.',
      data: serviceRecord(service),
    };
  });

  app.get<{ Params: { id: string } }>(
    '/vas/service/:id/service-categories',
    async (request, reply) => {
      const service = SAFEHAVEN_SERVICES.find((s) => s.id === request.params.id);
      if (!service) return sendError(reply, 404, 'Service not found');
      const categories = [...SAFEHAVEN_CATEGORIES.values()].filter(
        (c) => c.service === service.identifier,
      );
      return {
        statusCode: 200,
        message: 'Service Categories fetched successfully.',
        data: categories.map((c) => ({
          providerCommission: null,
          _id: c.id,
          name: c.name,
          identifier: c.identifier,
          service: service.id,
          isFixedAmount: c.isFixedAmount,
          description: c.description,
          logoUrl: null,
          createdAt: '2022-01-20T16:06:27.339Z',
          updatedAt: '2026-04-22T08:58:16.891Z',
          __v: 0,
        })),
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/vas/service-category/:id/products',
    async (request, reply) => {
      const category = SAFEHAVEN_CATEGORIES.get(request.params.id);
      if (!category) return sendError(reply, 404, 'Service category not found');
      return {
        statusCode: 200,
        message: 'Service Category Products fetched successfully.',
        data: category.products.map((product) => ({
          name: product.name,
          bundleCode: product.bundleCode,
          amount: product.amount,
          ...(product.duration ? { duration: product.duration } : {}),
          isAmountFixed: product.amount !== null,
        })),
      };
    },
  );

  // ------------------------------------------------------------------ VAS verify

  app.post('/vas/verify', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const category = SAFEHAVEN_CATEGORIES.get(nonEmpty(body.serviceCategoryId) ?? '');
    const entityNumber = nonEmpty(body.entityNumber);
    if (!category) return sendError(reply, 400, 'Invalid service category');
    if (!entityNumber) return sendError(reply, 400, '"entityNumber" is required');

    if (category.service === 'UTILITY') {
      if (entityNumber === SAFEHAVEN_VERIFY_UNAVAILABLE.meter) {
        return sendError(reply, 500, 'Unable to verify meter at this time');
      }
      if (!METER_NUMBER.test(entityNumber) || scenarioFor(entityNumber) === 'invalidAccount') {
        return sendError(reply, 400, 'Invalid meter number. Please check and try again.');
      }
      const customer = customerFor(entityNumber);
      const postpaid = entityNumber === MAGIC_METERS.deliveredPostpaid;
      return {
        statusCode: 200,
        message: 'Power Data verified successfully.',
        data: {
          discoCode: category.identifier,
          vendType: postpaid ? 'POSTPAID' : 'PREPAID',
          meterNo: entityNumber,
          minVendAmount: ELECTRICITY_MIN_NAIRA,
          maxVendAmount: ELECTRICITY_MAX_NAIRA,
          outstanding: postpaid ? 4520 : 0,
          debtRepayment: 0,
          name: customer.name,
          address: customer.address,
          orderId: randomBytes(16).toString('hex').toUpperCase(),
        },
      };
    }
    if (category.service === 'CABLETV') {
      if (entityNumber === SAFEHAVEN_VERIFY_UNAVAILABLE.smartcard) {
        return sendError(reply, 500, 'Unable to verify card at this time');
      }
      if (!CARD_NUMBER.test(entityNumber) || scenarioFor(entityNumber) === 'invalidAccount') {
        return sendError(reply, 400, 'Invalid card number. Please check and try again.');
      }
      return {
        statusCode: 200,
        message: 'Cable TV number verified successfully.',
        sessionId: sessionId(),
        data: { name: customerFor(entityNumber).name },
      };
    }
    return sendError(reply, 400, 'This service category cannot be verified');
  });

  // ------------------------------------------------------------------ VAS pay and query

  for (const kind of Object.keys(SERVICE_OF_KIND) as SafeHavenPayKind[]) {
    app.post(`/vas/pay/${kind}`, (request, reply) => pay(kind, request, reply));
  }

  async function pay(kind: SafeHavenPayKind, request: FastifyRequest, reply: FastifyReply) {
    const body = isObject(request.body) ? request.body : {};
    const category = SAFEHAVEN_CATEGORIES.get(nonEmpty(body.serviceCategoryId) ?? '');
    if (!category || category.service !== SERVICE_OF_KIND[kind]) {
      return sendError(reply, 400, 'Invalid service category');
    }
    if (!CHANNELS.has(nonEmpty(body.channel) ?? '')) {
      return sendError(reply, 400, '"channel" must be one of [WEB, POS, ATM]');
    }
    if (nonEmpty(body.debitAccountNumber) !== keys.debitAccountNumber) {
      return sendError(reply, 400, 'Invalid debit account number');
    }
    const amountKobo = nairaToKobo(body.amount);
    if (amountKobo === null || amountKobo <= 0) {
      return sendError(reply, 400, '"amount" must be a positive number');
    }
    const givenReference = nonEmpty(body.reference);
    if (givenReference !== undefined && !REFERENCE.test(givenReference)) {
      return sendError(reply, 400, '"reference" must be 1-64 letters, digits or _ . : -');
    }
    if (givenReference !== undefined && orders.has(givenReference)) {
      return sendError(reply, 409, 'Duplicate transaction reference');
    }

    const accepted = acceptOrder(kind, category, body, amountKobo);
    if ('error' in accepted) return sendError(reply, 400, accepted.error);
    const scenario = scenarioFor(accepted.uniqueElement);
    if (scenario === 'noReply') return dropConnection(request, reply);

    const order: VasOrder = {
      id: objectId(),
      reference: givenReference ?? randomBytes(16).toString('hex'),
      kind,
      category,
      amountKobo,
      scenario,
      createdAtMs: now(),
      ...accepted,
    };
    orders.set(order.reference, order);

    switch (scenario) {
      case 'http500':
        return sendHtml500(reply);
      case 'malformed':
        return sendMalformed(
          reply,
          `{"statusCode":200,"message":"${PAID_MESSAGE[kind]}","data":{"status":"succ`,
        );
      case 'timeout': {
        const stillThere = await holdOpen(request, holdMs);
        if (!stillThere) return abandon(reply);
        return { statusCode: 200, message: PAID_MESSAGE[kind], data: orderData(order) };
      }
      case 'failed':
      case 'invalidAccount':
        return reply.code(400).send({
          statusCode: 400,
          message: 'Transaction failed. Please try again.',
          data: orderData(order, 'failed'),
        });
      case 'pendingThenDelivered':
      case 'pendingThenReversed':
      case 'pendingForever':
        return {
          statusCode: 200,
          message: 'Transaction is being processed.',
          data: orderData(order, scenario === 'pendingThenDelivered' ? 'processing' : 'pending'),
        };
      default:
        return { statusCode: 200, message: PAID_MESSAGE[kind], data: orderData(order) };
    }
  }

  app.get<{ Params: { reference: string } }>(
    '/vas/transaction/:reference',
    async (request, reply) => {
      const wanted = request.params.reference;
      const order =
        orders.get(wanted) ?? [...orders.values()].find((candidate) => candidate.id === wanted);
      if (!order) return sendError(reply, 404, 'Transaction not found');
      return {
        statusCode: 200,
        message: 'Transaction fetched successfully.',
        data: orderData(order),
      };
    },
  );

  /** Checks the kind's own fields; answers the order's fields or the validation message. */
  function acceptOrder(
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

  function orderData(order: VasOrder, forced?: string): JsonObject {
    const status = statusAt(order.scenario, order.createdAtMs, now());
    const wireStatus = forced ?? WIRE_STATUS[status];
    const data: JsonObject = {
      clientId: ibsClientId,
      serviceCategoryId: order.category.id,
      reference: order.reference,
      status: wireStatus,
      amount: koboToNaira(order.amountKobo),
      id: order.id,
      createdAt: new Date(order.createdAtMs).toISOString(),
    };
    if (order.kind === 'cable-tv' || order.kind === 'utility') {
      data.receiver = {
        number: order.uniqueElement,
        name: customerFor(order.uniqueElement).name,
        customerNumber: null,
        distribution: order.category.identifier,
        vendType: order.vendType ?? '',
      };
    } else {
      data.phoneNumber = order.uniqueElement;
    }
    if (order.product) data.bundleCode = order.product.bundleCode;
    // Only a delivered prepaid vend has a token; postpaid pays a bill.
    if (order.kind === 'utility' && wireStatus === 'successful' && order.vendType === 'PREPAID') {
      data.utilityToken = tokenFor(order.reference);
      data.units = `${unitsFor(order.amountKobo)} kWh`;
    }
    return data;
  }
};

function serviceRecord(service: (typeof SAFEHAVEN_SERVICES)[number]): JsonObject {
  return {
    _id: service.id,
    name: service.name,
    identifier: service.identifier,
    description: service.description,
    createdAt: '2022-01-20T15:51:52.311Z',
    updatedAt: '2022-01-20T15:51:52.311Z',
    __v: 0,
  };
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
