import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_LICENSE_NUMBERS, SAFEHAVEN_IDENTITIES } from '@owo/providers/sandbox/magic';
import { sandboxPalmPay } from '@owo/providers/sandbox/test-support';
import { messages } from '@owo/shared/messages';
import { createTestApp, signUp, type TestApp } from './harness';
import {
  FIXED_OTP,
  accountRows,
  createSubaccount,
  identityNumber,
  identityRows,
  initiate,
  validate,
  verifyKyc,
} from './deposit-support';

describe('KYC: NIN/BVN verification and the permanent account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const getUser = (token: string) => t.request({ method: 'GET', url: '/api/user', token });

  /** The OTP the Safe Haven sandbox "texted" for a number outside the fixed-OTP range. */
  function textedOtp(number: string): string {
    const line = t.sandboxLog.filter((l) => l.includes(number)).at(-1);
    const otp = line && /OTP for \w+ \d+: (\d+)/.exec(line)?.[1];
    if (!otp) throw new Error(`no OTP logged for ${number}`);
    return otp;
  }

  it('success: initiate, validate, sub-account → a permanent account and isKYCVerified', async () => {
    const user = await signUp(t);
    const number = identityNumber();
    const started = await initiate(t, user.token, { number });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      success: true,
      message: 'A code has been sent to the phone number linked to your NIN.',
      data: { type: 'NIN', numberHint: number.slice(-3) },
    });
    const { identityId } = started.json().data;

    // The number is never stored in clear: a keyed digest and a 3-digit hint only.
    const [stored] = await identityRows(t, user.id);
    expect(stored).toMatchObject({
      id: identityId,
      status: 'initiated',
      numberHint: number.slice(-3),
    });
    expect(JSON.stringify(stored)).not.toContain(number);
    expect(stored?.numberDigest).toMatch(/^[0-9a-f]{64}$/);

    const checked = await validate(t, user.token, { identityId, otp: FIXED_OTP });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({
      success: true,
      message: messages.verificationValidated,
      data: { identityId, status: 'validated' },
    });
    expect((await getUser(user.token)).json().data.isKYCVerified).toBe(false);

    const created = await createSubaccount(t, user.token, {
      phoneNumber: '0803 123 4567',
      emailAddress: user.email,
      identityId,
      identityNumber: number,
      identityType: 'NIN',
      otp: FIXED_OTP,
    });
    expect(created.statusCode, created.body).toBe(200);
    const account = created.json().data;
    expect(created.json()).toMatchObject({
      success: true,
      message: messages.accountCreated,
      data: { bankName: 'PalmPay', accountType: 'virtual', accountBalance: 0 },
    });
    expect(account.accountNumber).toMatch(/^\d{10}$/);
    expect(account.accountName).toContain('Ada Obi');

    const me = (await getUser(user.token)).json().data;
    expect(me).toMatchObject({
      isKYCVerified: true,
      accountNumber: account.accountNumber,
      accountDetails: {
        _id: account._id,
        bankName: 'PalmPay',
        accountName: account.accountName,
        accountNumber: account.accountNumber,
        accountType: 'virtual',
        accountBalance: 0,
      },
    });
    const rows = await accountRows(t, user.id);
    expect(rows.map((r) => [r.provider, r.kind]).sort()).toEqual([
      ['palmpay', 'virtual'],
      ['safehaven', 'subaccount'],
    ]);
    expect((await identityRows(t, user.id))[0]?.status).toBe('completed');

    // A retried call (a lost reply) answers the same account and opens nothing new.
    const again = await createSubaccount(t, user.token, {
      phoneNumber: '+2348031234567',
      emailAddress: user.email,
      identityId,
      identityNumber: number,
      identityType: 'NIN',
      otp: FIXED_OTP,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(account);
    expect(await accountRows(t, user.id)).toHaveLength(2);

    // Verified: a new verification is refused.
    const more = await initiate(t, user.token, { number: identityNumber() });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(messages.alreadyKycVerified);
  });

  it('BVN works the same way (PalmPay identity type "personal")', async () => {
    const user = await signUp(t);
    const { account } = await verifyKyc(t, user, { type: 'BVN' });
    expect(account.accountNumber).toMatch(/^\d{10}$/);
    expect((await getUser(user.token)).json().data.isKYCVerified).toBe(true);
  });

  it.each([
    [{}, messages.verificationTypeAndNumber],
    [{ number: '' }, messages.verificationTypeAndNumber],
    [{ type: 'PASSPORT', number: '22212345678' }, messages.verificationTypeAndNumber],
    [{ number: 22212345678 }, messages.verificationTypeAndNumber],
    [{ number: '2221234567' }, messages.identityNumberLength],
    [{ number: '222123456789' }, messages.identityNumberLength],
    [{ number: '2221234567a' }, messages.identityNumberLength],
    [{ type: 'BVN', number: '222-123-456' }, messages.identityNumberLength],
  ])('initiate refuses %j with a clear message and writes nothing', async (payload, message) => {
    const user = await signUp(t);
    const res = await initiate(t, user.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await identityRows(t, user.id)).toHaveLength(0);
  });

  it('Safe Haven not knowing the number is a 400; Safe Haven down is a 502', async () => {
    const user = await signUp(t);
    const unknown = await initiate(t, user.token, {
      type: 'BVN',
      number: SAFEHAVEN_IDENTITIES.notFound,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'IDENTITY_NOT_FOUND',
      message: 'We could not find a record for this BVN. Please check the number and try again.',
    });
    const down = await initiate(t, user.token, { number: SAFEHAVEN_IDENTITIES.unavailable });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: 'KYC_UNAVAILABLE', message: messages.kycAuthFailed });
    expect(await identityRows(t, user.id)).toHaveLength(0);
  });

  it('a wrong OTP is a 400 with the attempts left; the fifth wrong one fails the verification', async () => {
    const user = await signUp(t);
    const number = identityNumber();
    const { identityId } = (await initiate(t, user.token, { number })).json().data;
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const res = await validate(t, user.token, { identityId, otp: '000000' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VERIFICATION_OTP_WRONG',
        message:
          attempt === 4
            ? 'The code is not correct. You have 1 attempt left.'
            : `The code is not correct. You have ${5 - attempt} attempts left.`,
      });
    }
    const fifth = await validate(t, user.token, { identityId, otp: '000000' });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().message).toBe(messages.verificationTooManyAttempts);
    // Even the right code no longer works on this verification.
    const right = await validate(t, user.token, { identityId, otp: FIXED_OTP });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(messages.verificationTooManyAttempts);
    expect((await identityRows(t, user.id))[0]).toMatchObject({ status: 'failed', attempts: 5 });

    const badOtp = await validate(t, user.token, { identityId, otp: '12' });
    expect(badOtp.statusCode).toBe(400);
    expect(badOtp.json().message).toBe(messages.invalidOtp);
  });

  it('concurrent wrong guesses never exceed five attempts', async () => {
    const user = await signUp(t);
    const { identityId } = (await initiate(t, user.token, { number: identityNumber() })).json()
      .data;
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => validate(t, user.token, { identityId, otp: '999999' })),
    );
    expect(replies.every((r) => r.statusCode === 400)).toBe(true);
    const [row] = await identityRows(t, user.id);
    expect(row?.attempts).toBe(5);
    expect(row?.status).toBe('failed');
  });

  it('a verification expires with its OTP (10 minutes)', async () => {
    const user = await signUp(t);
    const { identityId } = (await initiate(t, user.token, { number: identityNumber() })).json()
      .data;
    t.clock.advance(11 * 60 * 1000);
    const res = await validate(t, user.token, { identityId, otp: FIXED_OTP });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.verificationExpired);
  });

  it('the account step needs the validated identity and the same number', async () => {
    const user = await signUp(t);
    const number = identityNumber();
    const { identityId } = (await initiate(t, user.token, { number })).json().data;
    const body = {
      phoneNumber: '08031234567',
      emailAddress: user.email,
      identityId,
      identityNumber: number,
      identityType: 'NIN',
      otp: FIXED_OTP,
    };
    const early = await createSubaccount(t, user.token, body);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(messages.verificationNotValidated);

    await validate(t, user.token, { identityId, otp: FIXED_OTP });
    for (const wrong of [{ identityNumber: identityNumber() }, { identityType: 'BVN' }]) {
      const res = await createSubaccount(t, user.token, { ...body, ...wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.identityMismatch);
    }
    for (const [field, value, message] of [
      ['phoneNumber', '12345', messages.invalidPhoneFormat],
      ['phoneNumber', '', messages.phoneRequired],
      ['emailAddress', 'nope', messages.invalidEmail],
      ['identityNumber', '123', messages.identityNumberLength],
    ] as const) {
      const res = await createSubaccount(t, user.token, { ...body, [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await accountRows(t, user.id)).toHaveLength(0);
    expect((await getUser(user.token)).json().data.isKYCVerified).toBe(false);
  });

  it('one identity opens one wallet: a second user with the same number is refused', async () => {
    const first = await signUp(t);
    const number = identityNumber();
    await verifyKyc(t, first, { number });
    const second = await signUp(t);
    const { identityId } = (await initiate(t, second.token, { number })).json().data;
    expect((await validate(t, second.token, { identityId, otp: FIXED_OTP })).statusCode).toBe(200);
    const res = await createSubaccount(t, second.token, {
      phoneNumber: '08031234567',
      emailAddress: second.email,
      identityId,
      identityNumber: number,
      identityType: 'NIN',
      otp: FIXED_OTP,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This NIN is already linked to another account. Please contact support.',
    );
    expect(await accountRows(t, second.id)).toHaveLength(0);
  });

  it('PalmPay refusing the identity keeps the Safe Haven account; the user stays unverified', async () => {
    const user = await signUp(t);
    const number = MAGIC_LICENSE_NUMBERS.refused;
    const { identityId } = (await initiate(t, user.token, { number })).json().data;
    const otp = textedOtp(number);
    expect((await validate(t, user.token, { identityId, otp })).statusCode).toBe(200);
    const body = {
      phoneNumber: '08031234567',
      emailAddress: user.email,
      identityId,
      identityNumber: number,
      identityType: 'NIN',
      otp,
    };
    const res = await createSubaccount(t, user.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'ACCOUNT_REJECTED',
      message: messages.accountRejected,
    });
    expect((await accountRows(t, user.id)).map((r) => r.kind)).toEqual(['subaccount']);
    expect((await getUser(user.token)).json().data).toMatchObject({
      isKYCVerified: false,
      accountNumber: '',
      accountDetails: null,
    });
    const accounts = await t.request({ method: 'GET', url: '/api/account', token: user.token });
    expect(accounts.json().data.map((a: { accountType: string }) => a.accountType)).toEqual([
      'subaccount',
    ]);
  });

  it('a partial failure can be retried: PalmPay down, then back', async () => {
    const user = await signUp(t);
    const number = identityNumber();
    const { identityId } = (await initiate(t, user.token, { number })).json().data;
    await validate(t, user.token, { identityId, otp: FIXED_OTP });
    const body = {
      phoneNumber: '08031234567',
      emailAddress: user.email,
      identityId,
      identityNumber: number,
      identityType: 'NIN',
      otp: FIXED_OTP,
    };
    const real = t.deps.providers.palmpay;
    t.deps.providers.palmpay = sandboxPalmPay('http://127.0.0.1:9/palmpay/', 1_000);
    let down;
    try {
      down = await createSubaccount(t, user.token, body);
    } finally {
      t.deps.providers.palmpay = real;
    }
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe(messages.kycAuthFailed);
    const [sub] = await accountRows(t, user.id);
    expect(sub?.kind).toBe('subaccount');

    const retried = await createSubaccount(t, user.token, body);
    expect(retried.statusCode, retried.body).toBe(200);
    const rows = await accountRows(t, user.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.kind === 'subaccount')?.accountNumber).toBe(sub?.accountNumber);
    expect((await getUser(user.token)).json().data.isKYCVerified).toBe(true);
  });

  it('PalmPay answering 500 for the identity is a 502 and leaves the user unverified', async () => {
    const user = await signUp(t);
    const number = MAGIC_LICENSE_NUMBERS.http500;
    const { identityId } = (await initiate(t, user.token, { type: 'BVN', number })).json().data;
    const otp = textedOtp(number);
    await validate(t, user.token, { identityId, otp });
    const res = await createSubaccount(t, user.token, {
      phoneNumber: '08031234567',
      emailAddress: user.email,
      identityId,
      identityNumber: number,
      identityType: 'BVN',
      otp,
    });
    expect(res.statusCode).toBe(502);
    expect((await getUser(user.token)).json().data.isKYCVerified).toBe(false);
  });

  it('enquiry reports only the caller’s own verification of a number', async () => {
    const user = await signUp(t);
    const number = identityNumber();
    const enquire = (token: string) =>
      t.request({
        method: 'POST',
        url: '/api/verification/enquiry',
        token,
        payload: { type: 'NIN', number },
      });
    expect((await enquire(user.token)).json()).toEqual({
      success: true,
      message: messages.verificationEnquiryNone,
      data: null,
    });
    const { identityId } = (await initiate(t, user.token, { number })).json().data;
    expect((await enquire(user.token)).json().data).toEqual({
      identityId,
      type: 'NIN',
      numberHint: number.slice(-3),
      status: 'initiated',
    });
    await validate(t, user.token, { identityId, otp: FIXED_OTP });
    expect((await enquire(user.token)).json().data.status).toBe('validated');

    const other = await signUp(t);
    expect((await enquire(other.token)).json().data).toBeNull();
    const bad = await t.request({
      method: 'POST',
      url: '/api/verification/enquiry',
      token: user.token,
      payload: { number },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.verificationTypeAndNumber);
  });

  it('initiate is limited to 5 an hour per user (each one is a paid lookup and a text)', async () => {
    const user = await signUp(t);
    for (let i = 0; i < 5; i += 1) {
      expect((await initiate(t, user.token, { number: identityNumber() })).statusCode).toBe(200);
    }
    const sixth = await initiate(t, user.token, { number: identityNumber() });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(messages.verificationThrottled);
    t.clock.advance(61 * 60 * 1000);
    expect((await initiate(t, user.token, { number: identityNumber() })).statusCode).toBe(200);
  });

  it("another user cannot validate or use someone's verification", async () => {
    const owner = await signUp(t);
    const number = identityNumber();
    const { identityId } = (await initiate(t, owner.token, { number })).json().data;
    const other = await signUp(t);
    const stolen = await validate(t, other.token, { identityId, otp: FIXED_OTP });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(messages.verificationNotFound);
    expect((await identityRows(t, owner.id))[0]?.attempts).toBe(0);

    await validate(t, owner.token, { identityId, otp: FIXED_OTP });
    const taken = await createSubaccount(t, other.token, {
      phoneNumber: '08031234567',
      emailAddress: other.email,
      identityId,
      identityNumber: number,
      identityType: 'NIN',
      otp: FIXED_OTP,
    });
    expect(taken.statusCode).toBe(404);
    expect(await accountRows(t, other.id)).toHaveLength(0);
    const garbage = await validate(t, other.token, { identityId: 'not-an-id', otp: FIXED_OTP });
    expect(garbage.statusCode).toBe(404);
  });

  it('the KYC details form: 18+ enforced, the +234 phone accepted (stored in the one local form)', async () => {
    const user = await signUp(t);
    const update = (payload: Record<string, unknown>) =>
      t.request({ method: 'PATCH', url: '/api/user/update', token: user.token, payload });
    const today = new Date();
    const minor = `${today.getUTCFullYear() - 17}-01-01`;
    const tooYoung = await update({
      firstName: 'Ada',
      lastName: 'Obi',
      phoneNumber: '+2348035550111',
      gender: 'female',
      birthDate: minor,
    });
    expect(tooYoung.statusCode).toBe(400);
    expect(tooYoung.json().message).toBe('You must be at least 18 years old');
    const ok = await update({
      firstName: 'Ada',
      lastName: 'Obi',
      phoneNumber: '+2348035550111',
      gender: 'female',
      birthDate: '1990-05-17',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      phoneNumber: '08035550111',
      gender: 'female',
      birthDate: '1990-05-17',
    });
  });
});
