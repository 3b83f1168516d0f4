/**
 * The Safe Haven simulator's identity, account and bank routes: identity/v2 (OTP to the phone on
 * record, printed to the sandbox log), identity/v2/validate, accounts/v2/subaccount, GET accounts
 * (our debit account and its balance), transfers/banks and transfers/name-enquiry. Replies are
 * built from the fixtures (replies.ts).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { koboToNaira } from '@owo/shared/money';
import { isValidNigerianPhone } from '@owo/shared/phone';
import { isObject, nonEmpty, type JsonObject } from '../wire';
import { SAFEHAVEN_ACCOUNTS, SAFEHAVEN_IDENTITIES, SAFEHAVEN_OTP_TTL_MS } from '../sandbox/magic';
import { SAFEHAVEN_BANKS, SAFEHAVEN_BANK_CODES, SAFEHAVEN_OWN_BANK_CODE } from './banks';
import { accountNameFor, personFor, type PersonName } from './people';
import { errorBody, FIXTURES, withData, withList } from './replies';
import type { VasOrder } from './sim-orders';
import type { IdentityRegister } from '../sandbox/identity-register';
import { SIM_OPENING_KOBO, type SimWallet } from '../sandbox/sim-wallet';

export const SAFEHAVEN_BANK_NAME = 'Safe Haven MFB';
/** The name of our own debit account, the same in `GET accounts` and in a name enquiry on it. */
export const SAFEHAVEN_SANDBOX_ACCOUNT_NAME = 'OWO SANDBOX';
export const SAFEHAVEN_LOG_PREFIX = '[safehaven sandbox]';
/** What the sandbox's debit account holds before any VAS purchase, in kobo (₦10,000,000). */
export const SAFEHAVEN_SANDBOX_FLOAT_KOBO = SIM_OPENING_KOBO.safehaven;

export interface IdentitySimContext {
  ibsClientId: string;
  debitAccountNumber: string;
  now: () => number;
  log: (line: string) => void;
  sessionId(): string;
  orders: Map<string, VasOrder>;
  /** Our debit account's balance (the VAS routes debit it). */
  wallet: SimWallet;
  /** Who holds each identity number (the sandbox's identity register). */
  register: IdentityRegister;
}

const IDENTITY_NUMBER = /^\d{11}$/;
const ACCOUNT_NUMBER = /^\d{10}$/;
const REFERENCE = /^[A-Za-z0-9_.:-]{1,64}$/;

interface Identity {
  id: string;
  type: 'BVN' | 'NIN';
  number: string;
  otp: string;
  createdAtMs: number;
  validated: boolean;
  person: PersonName;
  /** YYYY-MM-DD, or '' (then the reply carries none). */
  dateOfBirth: string;
}

interface SubAccount {
  accountNumber: string;
  accountName: string;
  identityNumber: string;
  record: JsonObject;
}

const send = (reply: FastifyReply, status: number, message: string, extra: JsonObject = {}) =>
  reply.code(status).send(errorBody(status, message, extra));

/** A 24-hex id in the shape of Safe Haven's (MongoDB ObjectId). */
const objectId = () => randomBytes(12).toString('hex');

export function registerIdentityRoutes(app: FastifyInstance, ctx: IdentitySimContext): void {
  const { now, ibsClientId } = ctx;

  /** The holder on record when the verification starts: enrolled, or picked from the digits. */
  function holderOf(number: string): { person: PersonName; dateOfBirth: string } {
    const enrolled = ctx.register.holderOf(number);
    if (!enrolled) return { person: personFor(number), dateOfBirth: '' };
    const { dateOfBirth, ...person } = enrolled;
    return { person, dateOfBirth };
  }
  const identities = new Map<string, Identity>();
  const accountsByReference = new Map<string, SubAccount>();
  const accountsByNumber = new Map<string, SubAccount>();

  app.post('/identity/v2', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const type = nonEmpty(body.type)?.toUpperCase();
    const number = nonEmpty(body.number);
    if (type !== 'BVN' && type !== 'NIN') {
      return send(reply, 400, '"type" must be one of [BVN, NIN, CAC, CREDITCHECK]');
    }
    if (!number || !IDENTITY_NUMBER.test(number)) {
      return send(reply, 400, '"number" length must be 11 characters long');
    }
    if (nonEmpty(body.debitAccountNumber) !== ctx.debitAccountNumber) {
      return send(reply, 400, 'Invalid debit account number');
    }
    if (number === SAFEHAVEN_IDENTITIES.unavailable) {
      return send(reply, 500, 'Verification service is temporarily unavailable');
    }
    if (number === SAFEHAVEN_IDENTITIES.notFound) {
      return send(reply, 400, `No record found for this ${type}`);
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
      ...holderOf(number),
    };
    identities.set(identity.id, identity);
    ctx.log(
      `${SAFEHAVEN_LOG_PREFIX} OTP for ${type} ${number}: ${otp} (identityId ${identity.id})`,
    );
    return withData(
      FIXTURES.identityInitiateSuccess,
      {
        _id: identity.id,
        clientId: ibsClientId,
        type,
        status: 'PENDING',
        debitAccountNumber: ctx.debitAccountNumber,
        otpVerified: false,
        createdAt: new Date(identity.createdAtMs).toISOString(),
      },
      { message: `OTP sent to the phone number linked to this ${type}.` },
    );
  });

  app.post('/identity/v2/validate', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const identity = identities.get(nonEmpty(body.identityId) ?? '');
    const type = nonEmpty(body.type)?.toUpperCase();
    const otp = nonEmpty(body.otp);
    if (!identity) return send(reply, 400, 'Identity verification record not found');
    if (type !== identity.type) return send(reply, 400, 'Identity type does not match');
    if (!otp) return send(reply, 400, '"otp" is required');
    if (now() - identity.createdAtMs > SAFEHAVEN_OTP_TTL_MS) {
      return send(reply, 400, 'OTP has expired. Please initiate a new verification.');
    }
    if (otp !== identity.otp) return send(reply, 400, 'Invalid OTP');
    identity.validated = true;
    const { firstName, middleName, lastName } = identity.person;
    return withData(FIXTURES.identityValidateSuccess, {
      _id: identity.id,
      clientId: ibsClientId,
      type: identity.type,
      status: 'SUCCESS',
      otpVerified: true,
      providerResponse: {
        firstName: firstName.toUpperCase(),
        middleName: middleName.toUpperCase(),
        lastName: lastName.toUpperCase(),
        ...(identity.dateOfBirth ? { dateOfBirth: identity.dateOfBirth } : {}),
        [identity.type === 'BVN' ? 'bvn' : 'nin']: identity.number,
      },
    });
  });

  app.post('/accounts/v2/subaccount', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const phoneNumber = nonEmpty(body.phoneNumber);
    const emailAddress = nonEmpty(body.emailAddress);
    const externalReference = nonEmpty(body.externalReference);
    const identityNumber = nonEmpty(body.identityNumber);
    const identityType = nonEmpty(body.identityType)?.toUpperCase();
    if (!phoneNumber || !isValidNigerianPhone(phoneNumber)) {
      return send(reply, 400, '"phoneNumber" must be a valid phone number');
    }
    if (!emailAddress || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(emailAddress)) {
      return send(reply, 400, '"emailAddress" must be a valid email');
    }
    if (!externalReference || !REFERENCE.test(externalReference)) {
      return send(reply, 400, '"externalReference" is required');
    }
    const existing = accountsByReference.get(externalReference);
    if (existing) {
      // The same externalReference names the same account: a retried call gets it back.
      if (existing.identityNumber !== identityNumber) {
        return send(reply, 400, 'externalReference has already been used');
      }
      return withData(FIXTURES.subaccountSuccess, existing.record);
    }
    const identity = identities.get(nonEmpty(body.identityId) ?? '');
    if (!identity || !identity.validated) return send(reply, 400, 'Identity has not been verified');
    if (identity.number !== identityNumber || identity.type !== identityType) {
      return send(reply, 400, 'identityNumber does not match the verified identity');
    }
    if (nonEmpty(body.otp) !== identity.otp) return send(reply, 400, 'Invalid OTP');

    const accountName = `${identity.person.firstName} ${identity.person.lastName}`;
    const accountNumber = accountNumberFor(externalReference);
    const created = new Date(now()).toISOString();
    const record: JsonObject = {
      _id: objectId(),
      client: ibsClientId,
      accountProduct: objectId(),
      accountNumber,
      accountName,
      bankName: SAFEHAVEN_BANK_NAME,
      accountType: 'Savings',
      currencyCode: 'NGN',
      // The documented shape we copy is a NIN account's; a BVN account leaves the number out.
      nin: identity.type === 'NIN' ? identity.number : undefined,
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
    const account = { accountNumber, accountName, identityNumber: identity.number, record };
    accountsByReference.set(externalReference, account);
    accountsByNumber.set(accountNumber, account);
    return withData(FIXTURES.subaccountSuccess, record);
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

  // Our main account: its balance is the sandbox float less what the VAS orders cost.
  app.get('/accounts', async () => {
    const balance = koboToNaira(ctx.wallet.balanceKobo);
    return withList(FIXTURES.accountsSuccess, [
      {
        client: ibsClientId,
        accountNumber: ctx.debitAccountNumber,
        accountName: SAFEHAVEN_SANDBOX_ACCOUNT_NAME,
        accountBalance: balance,
        bookBalance: balance,
      },
    ]);
  });

  app.get('/transfers/banks', async () =>
    withList(
      FIXTURES.banksSuccess,
      SAFEHAVEN_BANKS.map((bank) => ({
        name: bank.name,
        alias: bank.alias,
        routingKey: bank.bankCode,
        bankCode: bank.bankCode,
        categoryId: bank.bankCode.startsWith('0000') ? '0' : '1',
        nubanCode: bank.nubanCode,
      })),
    ),
  );

  app.post('/transfers/name-enquiry', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const bankCode = nonEmpty(body.bankCode);
    const accountNumber = nonEmpty(body.accountNumber);
    if (!bankCode || !SAFEHAVEN_BANK_CODES.has(bankCode))
      return send(reply, 400, 'Invalid bank code');
    if (!accountNumber || !ACCOUNT_NUMBER.test(accountNumber)) {
      return send(reply, 400, '"accountNumber" length must be 10 characters long');
    }
    if (accountNumber === SAFEHAVEN_ACCOUNTS.notFound) {
      return send(reply, 400, 'Invalid Account', { responseCode: '07' });
    }
    if (accountNumber === SAFEHAVEN_ACCOUNTS.unavailable) {
      return send(reply, 400, 'Beneficiary Bank not available', { responseCode: '91' });
    }
    // Accounts at Safe Haven itself answer with the name Safe Haven holds for them: our debit
    // account's as `GET accounts` gives it, a sub-account's as it was opened.
    const ownBank = bankCode === SAFEHAVEN_OWN_BANK_CODE;
    const own = ownBank ? accountsByNumber.get(accountNumber) : null;
    const accountName =
      ownBank && accountNumber === ctx.debitAccountNumber
        ? SAFEHAVEN_SANDBOX_ACCOUNT_NAME
        : own
          ? own.accountName.toUpperCase()
          : accountNameFor(accountNumber);
    return withData(FIXTURES.nameEnquirySuccess, {
      bankCode,
      accountNumber,
      accountName,
      kycLevel: '3',
      sessionId: ctx.sessionId(),
    });
  });
}
