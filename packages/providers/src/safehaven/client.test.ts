import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAGIC_METERS,
  MAGIC_PHONES,
  MAGIC_SMARTCARDS,
  SAFEHAVEN_ACCOUNTS,
  SAFEHAVEN_IDENTITIES,
  SAFEHAVEN_OTP_TTL_MS,
  SAFEHAVEN_VERIFY_UNAVAILABLE,
  SETTLE_AFTER_MS,
} from '../sandbox/magic';
import { startTestSandbox, type TestSandbox } from '../sandbox/test-support';
import type {
  IdentityType,
  PurchaseOutcome,
  SafeHavenPayKind,
  SafeHavenPayRequest,
} from '../types';
import { SAFEHAVEN_OWN_BANK_CODE } from './banks';
import { SAFEHAVEN_CATEGORY_IDS } from './catalogue';
import { titleCase } from './client';
import { SAFEHAVEN_LOG_PREFIX } from './simulator';

let t: TestSandbox;
const logLines: string[] = [];
beforeAll(async () => {
  t = await startTestSandbox({ safehavenLog: (line) => logLines.push(line) });
  // The first call also fetches the access token; take that out of the 200 ms test timeouts.
  await t.providers.safehaven.banks();
});
afterAll(() => t.close());

const sh = () => t.providers.safehaven;
const ref = () => `owo-${randomUUID()}`;
let serial = 0;
/** A fresh magic identity number (222…) per call, so tests never share one. */
const identityNumber = () => `222${String(++serial).padStart(8, '0')}`;

/** The OTP the simulator "sent" for an identity, read from the sandbox log. */
function otpFromLog(identityId: string): string {
  const line = logLines.find((l) => l.includes(identityId));
  const otp = line ? /OTP for \w+ \d+: (\d{6})/.exec(line)?.[1] : undefined;
  if (!otp) throw new Error(`no OTP logged for ${identityId}`);
  return otp;
}

async function initiate(type: IdentityType, number: string) {
  const result = await sh().initiateVerification({ type, number });
  if (!result.ok) throw new Error(`initiate failed: ${result.description}`);
  return result.value.identityId;
}

describe('identity verification (identity/v2)', () => {
  it('verifies a 222… number with the fixed OTP and names the person the same way every time', async () => {
    const number = identityNumber();
    const identityId = await initiate('NIN', number);
    expect(identityId).toMatch(/^[0-9a-f]{24}$/);
    expect(otpFromLog(identityId)).toBe(SAFEHAVEN_IDENTITIES.fixedOtp);
    expect(logLines.find((l) => l.includes(identityId))).toContain(SAFEHAVEN_LOG_PREFIX);

    const wrong = await sh().validateVerification({ identityId, type: 'NIN', otp: '000000' });
    expect(wrong).toMatchObject({ ok: false, reason: 'rejected', description: 'Invalid OTP' });

    const first = await sh().validateVerification({
      identityId,
      type: 'NIN',
      otp: SAFEHAVEN_IDENTITIES.fixedOtp,
    });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.value.firstName).toMatch(/^[A-Z][a-z]+$/);
    expect(first.value.lastName).toMatch(/^[A-Z][a-z]+$/);

    const again = await initiate('NIN', number);
    const second = await sh().validateVerification({
      identityId: again,
      type: 'NIN',
      otp: SAFEHAVEN_IDENTITIES.fixedOtp,
    });
    expect(second).toEqual(first);
  });

  it('prints a random OTP for any other 11-digit number, and that OTP works', async () => {
    const identityId = await initiate('BVN', '30000000001');
    const otp = otpFromLog(identityId);
    expect(otp).toMatch(/^\d{6}$/);
    const result = await sh().validateVerification({ identityId, type: 'BVN', otp });
    expect(result.ok).toBe(true);
  });

  it('refuses a type that does not match the initiation', async () => {
    const identityId = await initiate('BVN', identityNumber());
    const result = await sh().validateVerification({
      identityId,
      type: 'NIN',
      otp: SAFEHAVEN_IDENTITIES.fixedOtp,
    });
    expect(result).toMatchObject({ ok: false, reason: 'rejected' });
  });

  it('rejects an OTP used after 10 minutes (simulator clock)', async () => {
    const identityId = await initiate('NIN', identityNumber());
    t.advance(SAFEHAVEN_OTP_TTL_MS + 1);
    const result = await sh().validateVerification({
      identityId,
      type: 'NIN',
      otp: SAFEHAVEN_IDENTITIES.fixedOtp,
    });
    expect(result).toMatchObject({ ok: false, reason: 'rejected' });
    if (!result.ok) expect(result.description).toMatch(/expired/i);
  });

  it('maps the magic numbers: not found → rejected, 500 → unavailable, bad length → rejected', async () => {
    expect(
      await sh().initiateVerification({ type: 'BVN', number: SAFEHAVEN_IDENTITIES.notFound }),
    ).toMatchObject({ ok: false, reason: 'rejected' });
    expect(
      await sh().initiateVerification({ type: 'NIN', number: SAFEHAVEN_IDENTITIES.unavailable }),
    ).toMatchObject({ ok: false, reason: 'unavailable' });
    const short = await sh().initiateVerification({ type: 'NIN', number: '2220000001' });
    expect(short).toMatchObject({ ok: false, reason: 'rejected' });
    if (!short.ok) expect(short.description).toContain('11');
    expect(
      await sh().validateVerification({ identityId: 'f'.repeat(24), type: 'NIN', otp: '1' }),
    ).toMatchObject({ ok: false, reason: 'rejected' });
  });
});

describe('who holds a number (the sandbox identity register, decision 0055)', () => {
  const enrol = (number: string, body: Record<string, string>) =>
    fetch(`${new URL(t.sandbox.baseUrls.safehaven).origin}/sandbox/identities/${number}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers the enrolled holder, date of birth included', async () => {
    const number = identityNumber();
    const put = await enrol(number, {
      firstName: 'Tobi',
      lastName: 'Adewale',
      dateOfBirth: '1995-07-02',
    });
    expect(await put.json()).toEqual({ enrolled: true });
    const identityId = await initiate('NIN', number);
    const names = await sh().validateVerification({
      identityId,
      type: 'NIN',
      otp: SAFEHAVEN_IDENTITIES.fixedOtp,
    });
    expect(names).toEqual({
      ok: true,
      value: { firstName: 'Tobi', middleName: '', lastName: 'Adewale', dateOfBirth: '1995-07-02' },
    });
  });

  it('the magic otherHolder number always belongs to Ibrahim Musa Balogun', async () => {
    const put = await enrol(SAFEHAVEN_IDENTITIES.otherHolder, {
      firstName: 'Tobi',
      lastName: 'Adewale',
    });
    expect(await put.json()).toEqual({ enrolled: false });
    const identityId = await initiate('BVN', SAFEHAVEN_IDENTITIES.otherHolder);
    const names = await sh().validateVerification({
      identityId,
      type: 'BVN',
      otp: SAFEHAVEN_IDENTITIES.fixedOtp,
    });
    expect(names).toEqual({
      ok: true,
      value: {
        firstName: 'Ibrahim',
        middleName: 'Musa',
        lastName: 'Balogun',
        dateOfBirth: '1979-03-14',
      },
    });
  });

  it('refuses a malformed enrolment', async () => {
    expect((await enrol('123', { firstName: 'A', lastName: 'B' })).status).toBe(400);
    expect((await enrol(identityNumber(), { firstName: 'A' })).status).toBe(400);
    expect(
      (await enrol(identityNumber(), { firstName: 'A', lastName: 'B', dateOfBirth: '2/3/1990' }))
        .status,
    ).toBe(400);
  });
});

describe('sub-accounts (accounts/v2/subaccount)', () => {
  async function verified(type: IdentityType = 'NIN') {
    const number = identityNumber();
    const identityId = await initiate(type, number);
    const names = await sh().validateVerification({
      identityId,
      type,
      otp: SAFEHAVEN_IDENTITIES.fixedOtp,
    });
    if (!names.ok) throw new Error(names.description);
    return { number, identityId, type, names: names.value };
  }

  const input = (v: Awaited<ReturnType<typeof verified>>, externalReference = ref()) => ({
    phoneNumber: '+2348031234567',
    emailAddress: 'ada@example.com',
    identityId: v.identityId,
    identityNumber: v.number,
    identityType: v.type,
    otp: SAFEHAVEN_IDENTITIES.fixedOtp,
    externalReference,
  });

  it('opens a permanent account in the validated names, once per externalReference', async () => {
    const v = await verified('BVN');
    const request = input(v);
    const created = await sh().createSubAccount(request);
    expect(created).toEqual({
      ok: true,
      value: {
        accountNumber: expect.stringMatching(/^\d{10}$/),
        accountName: `${v.names.firstName} ${v.names.lastName}`,
        bankName: 'Safe Haven MFB',
      },
    });
    expect(await sh().createSubAccount(request)).toEqual(created);
    if (!created.ok) return;

    // The new account answers name enquiry at Safe Haven's own bank code.
    const enquiry = await sh().nameEnquiry({
      bankCode: SAFEHAVEN_OWN_BANK_CODE,
      accountNumber: created.value.accountNumber,
    });
    expect(enquiry).toMatchObject({
      ok: true,
      info: { accountName: created.value.accountName.toUpperCase() },
    });
  });

  it('refuses an identity that is not validated, or whose number does not match', async () => {
    const number = identityNumber();
    const identityId = await initiate('NIN', number);
    const notValidated = await sh().createSubAccount({
      phoneNumber: '08031234567',
      emailAddress: 'ada@example.com',
      identityId,
      identityNumber: number,
      identityType: 'NIN',
      otp: SAFEHAVEN_IDENTITIES.fixedOtp,
      externalReference: ref(),
    });
    expect(notValidated).toMatchObject({ ok: false, reason: 'rejected' });

    const v = await verified();
    const mismatch = await sh().createSubAccount({ ...input(v), identityNumber: identityNumber() });
    expect(mismatch).toMatchObject({ ok: false, reason: 'rejected' });
    const badEmail = await sh().createSubAccount({ ...input(v), emailAddress: 'nope' });
    expect(badEmail).toMatchObject({ ok: false, reason: 'rejected' });
  });
});

describe('banks and name enquiry', () => {
  it('lists Nigerian banks with their NIP codes', async () => {
    const banks = await sh().banks();
    expect(banks.length).toBeGreaterThanOrEqual(20);
    expect(banks).toContainEqual({ bankCode: '000013', name: 'Guaranty Trust Bank' });
    expect(banks).toContainEqual({ bankCode: '000015', name: 'Zenith Bank' });
    expect(new Set(banks.map((b) => b.bankCode)).size).toBe(banks.length);
  });

  it('names any other account deterministically', async () => {
    const a = await sh().nameEnquiry({ bankCode: '000013', accountNumber: '0123456789' });
    const b = await sh().nameEnquiry({ bankCode: '000013', accountNumber: '0123456789' });
    expect(a).toEqual({
      ok: true,
      info: {
        accountName: expect.stringMatching(/^[A-Z]+ [A-Z]+ [A-Z]+$/),
        accountNumber: '0123456789',
        bankCode: '000013',
      },
    });
    expect(b).toEqual(a);
  });

  it('maps the magic accounts and bad input', async () => {
    expect(
      await sh().nameEnquiry({ bankCode: '000014', accountNumber: SAFEHAVEN_ACCOUNTS.notFound }),
    ).toMatchObject({ ok: false, reason: 'invalid' });
    expect(
      await sh().nameEnquiry({ bankCode: '000014', accountNumber: SAFEHAVEN_ACCOUNTS.unavailable }),
    ).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(
      await sh().nameEnquiry({ bankCode: '999999', accountNumber: '0123456789' }),
    ).toMatchObject({ ok: false, reason: 'invalid' });
    expect(
      await sh().nameEnquiry({ bankCode: '000014', accountNumber: '012345678' }),
    ).toMatchObject({ ok: false, reason: 'invalid' });
  });
});

describe('VAS catalogue and verify', () => {
  it('lists categories per service and products per category', async () => {
    const airtime = await sh().categories('AIRTIME');
    expect(airtime.map((c) => c.identifier).sort()).toEqual(['AIRTEL', 'ETISALAT', 'GLO', 'MTN']);
    expect(airtime.find((c) => c.identifier === 'MTN')).toMatchObject({
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.airtime.MTN,
      isFixedAmount: false,
    });
    expect((await sh().categories('UTILITY')).length).toBe(11);
    expect((await sh().categories('CABLETV')).map((c) => c.identifier)).toEqual([
      'DSTV',
      'GOTV',
      'STARTIMES',
    ]);

    const dstv = await sh().products(SAFEHAVEN_CATEGORY_IDS.cable.DSTV);
    expect(dstv).toContainEqual({
      bundleCode: 'db1',
      name: 'DStv Padi',
      amountKobo: 440_000,
      duration: '1 month',
      isAmountFixed: true,
    });
    expect(dstv.find((p) => p.bundleCode === 'TOP_UP')).toMatchObject({
      amountKobo: null,
      isAmountFixed: false,
    });
    const mtnData = await sh().products(SAFEHAVEN_CATEGORY_IDS.data.MTN);
    expect(mtnData.length).toBeGreaterThan(5);
    expect(mtnData.every((p) => p.isAmountFixed && (p.amountKobo ?? 0) > 0)).toBe(true);
    await expect(sh().products('000000000000000000000000')).rejects.toThrow(/safehaven/);
  });

  it('verifies meters and smart cards', async () => {
    const prepaid = await sh().verifyEntity({
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.IKEJA,
      entityNumber: MAGIC_METERS.delivered,
    });
    expect(prepaid).toMatchObject({
      ok: true,
      info: {
        customerName: 'Adebayo Oluwaseun Adeyemi',
        entityNumber: MAGIC_METERS.delivered,
        details: { vendType: 'PREPAID', discoCode: 'IKEJA', minVendAmount: '500' },
      },
    });
    const postpaid = await sh().verifyEntity({
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.EKO,
      entityNumber: MAGIC_METERS.deliveredPostpaid,
    });
    expect(postpaid).toMatchObject({ ok: true, info: { details: { vendType: 'POSTPAID' } } });
    const card = await sh().verifyEntity({
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.cable.GOTV,
      entityNumber: MAGIC_SMARTCARDS.delivered,
    });
    expect(card).toMatchObject({ ok: true, info: { customerName: 'Ibrahim Musa Danjuma' } });
  });

  it.each([
    ['meter', SAFEHAVEN_CATEGORY_IDS.utility.IKEJA, MAGIC_METERS.invalidAccount, 'invalid'],
    ['short meter', SAFEHAVEN_CATEGORY_IDS.utility.IKEJA, '1234', 'invalid'],
    ['card', SAFEHAVEN_CATEGORY_IDS.cable.DSTV, MAGIC_SMARTCARDS.invalidAccount, 'invalid'],
    ['airtime category', SAFEHAVEN_CATEGORY_IDS.airtime.MTN, '08011111111', 'invalid'],
    [
      'meter, service down',
      SAFEHAVEN_CATEGORY_IDS.utility.IKEJA,
      SAFEHAVEN_VERIFY_UNAVAILABLE.meter,
      'unavailable',
    ],
    [
      'card, service down',
      SAFEHAVEN_CATEGORY_IDS.cable.DSTV,
      SAFEHAVEN_VERIFY_UNAVAILABLE.smartcard,
      'unavailable',
    ],
  ])('verify %s → %s', async (_, serviceCategoryId, entityNumber, reason) => {
    expect(await sh().verifyEntity({ serviceCategoryId, entityNumber })).toMatchObject({
      ok: false,
      reason,
    });
  });
});

/** Pay, look the order up by the id the pay reply gave (if any), then again once settled. */
async function play(kind: SafeHavenPayKind, fields: Omit<SafeHavenPayRequest, 'reference'>) {
  const reference = ref();
  const pay = await sh().pay(kind, { reference, ...fields });
  const providerReference = pay.status === 'failed' ? undefined : pay.providerReference;
  const requery = await sh().requery({ reference, providerReference });
  t.advance(SETTLE_AFTER_MS);
  const settled = await sh().requery({ reference, providerReference });
  return { pay, requery, settled, reference, providerReference };
}

const statuses = (r: {
  pay: PurchaseOutcome;
  requery: PurchaseOutcome;
  settled: PurchaseOutcome;
}) => ({
  pay: r.pay.status,
  requery: r.requery.status,
  settled: r.settled.status,
});

type Status = PurchaseOutcome['status'];
const row = (pay: Status, requery: Status, settled: Status) => ({ pay, requery, settled });

/**
 * What each magic value means at Safe Haven (SOURCES.md): only `successful` is delivered and only
 * a documented 4xx on the pay call is failed. A lost, broken or 5xx pay reply carries no Safe
 * Haven id, so the order cannot be looked up and stays pending for an admin; an undocumented
 * status ("reversed") is pending too.
 */
const SAFEHAVEN_EXPECTED: Record<string, ReturnType<typeof row>> = {
  delivered: row('delivered', 'delivered', 'delivered'),
  deliveredPostpaid: row('delivered', 'delivered', 'delivered'),
  failed: row('failed', 'pending', 'pending'),
  invalidAccount: row('failed', 'pending', 'pending'),
  pendingThenDelivered: row('pending', 'pending', 'delivered'),
  pendingThenReversed: row('pending', 'pending', 'pending'),
  pendingForever: row('pending', 'pending', 'pending'),
  http500: row('pending', 'pending', 'pending'),
  malformed: row('pending', 'pending', 'pending'),
  timeout: row('pending', 'pending', 'pending'),
  noReply: row('pending', 'pending', 'pending'),
};

/** Safe Haven's ids are 24 hex; a pay reply that named the order carries one, and so does its requery. */
const ID = /^[0-9a-f]{24}$/;

function expectIds(result: Awaited<ReturnType<typeof play>>, scenario: string) {
  const named = [
    'delivered',
    'deliveredPostpaid',
    'pendingThenDelivered',
    'pendingThenReversed',
    'pendingForever',
  ];
  if (named.includes(scenario)) {
    expect(result.providerReference).toMatch(ID);
    expect(result.settled).toMatchObject({ providerReference: result.providerReference });
  } else {
    expect(result.providerReference).toBeUndefined();
  }
}

describe('VAS pay and requery: every magic value', () => {
  it.each(Object.entries(MAGIC_PHONES))('airtime, phone %s (%s)', async (scenario, phoneNumber) => {
    const result = await play('airtime', {
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.airtime.MTN,
      amountKobo: 50_000,
      phoneNumber,
    });
    expect(statuses(result)).toEqual(SAFEHAVEN_EXPECTED[scenario]);
    expectIds(result, scenario);
  });

  it.each(Object.entries(MAGIC_PHONES))('data, phone %s (%s)', async (scenario, phoneNumber) => {
    const result = await play('data', {
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.data.GLO,
      amountKobo: 100_000,
      bundleCode: 'GLO-D-2.6GB-30D',
      phoneNumber,
    });
    expect(statuses(result)).toEqual(SAFEHAVEN_EXPECTED[scenario]);
    expectIds(result, scenario);
  });

  it.each(Object.entries(MAGIC_SMARTCARDS))('cable, card %s (%s)', async (scenario, cardNumber) => {
    const result = await play('cable-tv', {
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.cable.GOTV,
      amountKobo: 580_000,
      bundleCode: 'gb4',
      cardNumber,
    });
    expect(statuses(result)).toEqual(SAFEHAVEN_EXPECTED[scenario]);
    expectIds(result, scenario);
  });

  it.each(Object.entries(MAGIC_METERS))('utility, meter %s (%s)', async (scenario, meterNumber) => {
    const result = await play('utility', {
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.ABUJA,
      amountKobo: 500_000,
      meterNumber,
      vendType: scenario === 'deliveredPostpaid' ? 'POSTPAID' : 'PREPAID',
    });
    expect(statuses(result)).toEqual(SAFEHAVEN_EXPECTED[scenario]);
    expectIds(result, scenario);
  });
});

describe('VAS pay details', () => {
  it('a delivered prepaid vend carries its token; the requery by id repeats it', async () => {
    const result = await play('utility', {
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.IKEJA,
      amountKobo: 500_000,
      meterNumber: MAGIC_METERS.delivered,
      vendType: 'PREPAID',
    });
    expect(result.pay).toMatchObject({
      status: 'delivered',
      token: expect.stringMatching(/^\d{4}(-\d{4}){4}$/),
      providerReference: expect.stringMatching(ID),
    });
    if (result.pay.status !== 'delivered' || result.requery.status !== 'delivered') return;
    expect(result.requery.token).toBe(result.pay.token);
  });

  it('postpaid has no token; a pending prepaid vend gets its token once settled', async () => {
    const postpaid = await play('utility', {
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.EKO,
      amountKobo: 700_000,
      meterNumber: MAGIC_METERS.deliveredPostpaid,
      vendType: 'POSTPAID',
    });
    expect(postpaid.pay.status === 'delivered' && postpaid.pay.token).toBeUndefined();
    const pending = await play('utility', {
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.EKO,
      amountKobo: 700_000,
      meterNumber: MAGIC_METERS.pendingThenDelivered,
      vendType: 'PREPAID',
    });
    expect(pending.settled).toMatchObject({ status: 'delivered', token: expect.any(String) });
  });

  it('refusals are failed (the documented 400); the same request twice is two orders', async () => {
    const wrongPrice = await sh().pay('data', {
      reference: ref(),
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.data.MTN,
      amountKobo: 1_000,
      bundleCode: 'MTN-D-1GB-1D',
      phoneNumber: MAGIC_PHONES.delivered,
    });
    expect(wrongPrice.status).toBe('failed');
    expect(wrongPrice.description).toMatch(/Amount must be 500/);

    const wrongCategory = await sh().pay('airtime', {
      reference: ref(),
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.data.MTN,
      amountKobo: 10_000,
      phoneNumber: MAGIC_PHONES.delivered,
    });
    expect(wrongCategory.status).toBe('failed');

    const tooSmall = await sh().pay('airtime', {
      reference: ref(),
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.airtime.GLO,
      amountKobo: 4_900,
      phoneNumber: MAGIC_PHONES.delivered,
    });
    expect(tooSmall.status).toBe('failed');

    // Our reference is not on the wire, so Safe Haven cannot tell a retry from a new order: the
    // API must never send a pay call twice for one order (it does not).
    const request = {
      reference: ref(),
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.airtime.AIRTEL,
      amountKobo: 20_000,
      phoneNumber: MAGIC_PHONES.delivered,
    };
    const first = await sh().pay('airtime', request);
    const second = await sh().pay('airtime', request);
    expect([first.status, second.status]).toEqual(['delivered', 'delivered']);
    if (first.status !== 'delivered' || second.status !== 'delivered') return;
    expect(first.providerReference).not.toBe(second.providerReference);
  });

  it('without a Safe Haven id the requery is pending and asks nothing; an unknown id is pending, never failed', async () => {
    const noId = await sh().requery({ reference: ref() });
    expect(noId.status).toBe('pending');
    expect(noId.description).toMatch(/admin must decide/);
    const unknown = await sh().requery({ reference: ref(), providerReference: '0'.repeat(24) });
    expect(unknown).toMatchObject({ status: 'pending', providerReference: '0'.repeat(24) });
    expect(unknown.description).toMatch(/HTTP 404/);
  });
});

describe('balance (GET accounts)', () => {
  it('reads our debit account, less what the sandbox orders cost', async () => {
    const before = await sh().balance();
    expect(before.accountNumber).toMatch(/^\d{10}$/);
    expect(before.balanceKobo).toEqual(expect.any(Number));
    await sh().pay('airtime', {
      reference: ref(),
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.airtime.MTN,
      amountKobo: 30_000,
      phoneNumber: MAGIC_PHONES.delivered,
    });
    expect((await sh().balance()).balanceKobo).toBe(before.balanceKobo! - 30_000);
  });
});

describe('titleCase', () => {
  it('turns registry capitals into names', () => {
    expect(titleCase('ADEBAYO')).toBe('Adebayo');
    expect(titleCase('OKAFOR-EZE')).toBe('Okafor-Eze');
    expect(titleCase("o'neil")).toBe("O'Neil");
  });
});
