import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_LOCK_MS, PIN_MAX_FAILURES } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { pinRepository } from '../src/modules/pin/repository';
import { hashSecret } from '../src/lib/hashing';
import { createTestApp, signUp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Reply = Awaited<ReturnType<TestApp['request']>>;

const setPin = (token: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/user/set-transaction-pin', token, payload });
const validate = (token: string, transactionPin: unknown) =>
  t.request({ method: 'POST', url: '/api/user/validate-pin', token, payload: { transactionPin } });
const requestPinOtp = (token: string) =>
  t.request({ method: 'POST', url: '/api/user/request-pin-otp', token });
const hasPin = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/user', token })).json().data
    .hasSetTransactionPin as boolean;
const pinState = (userId: string) => pinRepository.read(t.deps.database.db, userId);

function expectIncorrect(res: Reply) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    success: false,
    code: 'PIN_INCORRECT',
    message: messages.pinIncorrect,
  });
  expect(res.json().message).toContain('PIN');
}
function expectLocked(res: Reply) {
  expect(res.statusCode).toBe(423);
  expect(res.json()).toMatchObject({
    success: false,
    code: 'PIN_LOCKED',
    message: messages.pinLocked,
  });
}
function expectValid(res: Reply) {
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ success: true, message: messages.pinValid });
}

/** A signed-up user whose PIN is 1234. */
async function userWithPin(pin = '1234') {
  const user = await signUp(t);
  const res = await setPin(user.token, { transactionPin: pin });
  expect(res.statusCode).toBe(200);
  return user;
}

describe('POST /api/user/set-transaction-pin', () => {
  it('sets the first PIN with the session alone', async () => {
    const { token, id } = await signUp(t);
    expect(await hasPin(token)).toBe(false);
    const res = await setPin(token, { transactionPin: '0420' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: messages.pinSet,
      data: { hasSetTransactionPin: true },
    });
    expect(await hasPin(token)).toBe(true);
    // Stored as a keyed digest (HMAC-SHA256 with the server secret), never the PIN itself.
    const state = await pinState(id);
    expect(state?.pinHash).toMatch(/^hmac-sha256\$[0-9a-f]{64}$/);
    expect(state?.pinHash).not.toContain('0420');
    expectValid(await validate(token, '0420'));
  });

  it('the same PIN of two users is stored differently', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await setPin(a.token, { transactionPin: '2468' });
    await setPin(b.token, { transactionPin: '2468' });
    expect((await pinState(a.id))?.pinHash).not.toBe((await pinState(b.id))?.pinHash);
  });

  it('a PIN stored as argon2id before the switch still works and is re-stored as a digest', async () => {
    const { token, id } = await signUp(t);
    await pinRepository.setPin(t.deps.database.db, id, await hashSecret('1357'));
    expect((await validate(token, '9999')).statusCode).toBe(400);
    expect((await pinState(id))?.pinHash).toMatch(/^\$argon2id\$/);
    expectValid(await validate(token, '1357'));
    expect((await pinState(id))?.pinHash).toMatch(/^hmac-sha256\$/);
    expectValid(await validate(token, '1357'));
  });

  it.each(['12a4', '123', '12345', '', ' 1234', '1234 ', '١٢٣٤', 1234, null])(
    'rejects the PIN %j with the spec message and stores nothing',
    async (pin) => {
      const { token, id } = await signUp(t);
      const res = await setPin(token, { transactionPin: pin });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: messages.pinExactlyFour });
      expect(await hasPin(token)).toBe(false);
      expect((await pinState(id))?.pinHash).toBeNull();
    },
  );

  it('rejects a body without a PIN', async () => {
    const { token } = await signUp(t);
    const res = await t.request({ method: 'POST', url: '/api/user/set-transaction-pin', token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.pinExactlyFour);
    expect(await hasPin(token)).toBe(false);
  });

  it('refuses to change an existing PIN without the current PIN or an e-mail code', async () => {
    const { token } = await userWithPin('1234');
    const res = await setPin(token, { transactionPin: '5678' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: messages.pinCurrentRequired });
    expectValid(await validate(token, '1234'));
    expectIncorrect(await validate(token, '5678'));
  });

  it('refuses a malformed current PIN or code without using a try', async () => {
    const { token, id } = await userWithPin('1234');
    const bad = await setPin(token, { transactionPin: '5678', currentPin: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.pinExactlyFour);
    const badOtp = await setPin(token, { transactionPin: '5678', otp: '12x4' });
    expect(badOtp.statusCode).toBe(400);
    expect(badOtp.json().message).toBe(messages.invalidOtp);
    expect((await pinState(id))?.attempts).toBe(0);
    expectValid(await validate(token, '1234'));
  });

  it('refuses a wrong current PIN, and the wrong try counts toward the lock', async () => {
    const { token, id } = await userWithPin('1234');
    expectIncorrect(await setPin(token, { transactionPin: '5678', currentPin: '0000' }));
    expect((await pinState(id))?.attempts).toBe(1);
    for (let i = 2; i < PIN_MAX_FAILURES; i += 1) expectIncorrect(await validate(token, '9999'));
    // The 5th wrong try in a row: the one through set-transaction-pin counted.
    expectLocked(await validate(token, '9999'));
    expectLocked(await setPin(token, { transactionPin: '5678', currentPin: '1234' }));
    t.clock.advance(PIN_LOCK_MS + 1000);
    expectValid(await validate(token, '1234'));
  });

  it('changes the PIN with the right current PIN: the new one works, the old one does not', async () => {
    const { token } = await userWithPin('1234');
    const res = await setPin(token, { transactionPin: '5678', currentPin: '1234' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: messages.pinSet });
    expectValid(await validate(token, '5678'));
    expectIncorrect(await validate(token, '1234'));
  });

  it('changes a forgotten PIN with an e-mail code, once', async () => {
    const { token, email, id } = await userWithPin('1234');
    const sent = await requestPinOtp(token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, message: messages.otpSent });
    const mail = t.outbox.at(-1);
    expect(mail?.to).toBe(email);
    expect(mail?.subject).toMatch(/PIN/);
    const code = t.lastCode(email);

    const wrongCode = code === '0000' ? '1111' : '0000';
    const wrong = await setPin(token, { transactionPin: '2468', otp: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.otpInvalidOrExpired);
    expectValid(await validate(token, '1234'));

    const res = await setPin(token, { transactionPin: '2468', otp: code });
    expect(res.statusCode).toBe(200);
    expectValid(await validate(token, '2468'));
    expectIncorrect(await validate(token, '1234'));
    expect((await pinState(id))?.attempts).toBe(1);

    // Single use.
    const again = await setPin(token, { transactionPin: '1357', otp: code });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(messages.otpInvalidOrExpired);
    expectValid(await validate(token, '2468'));
  });

  it('clears a lock when the PIN is changed with an e-mail code (decision 0004)', async () => {
    const { token, email, id } = await userWithPin('1234');
    for (let i = 1; i < PIN_MAX_FAILURES; i += 1) expectIncorrect(await validate(token, '0000'));
    expectLocked(await validate(token, '0000'));
    expect((await requestPinOtp(token)).statusCode).toBe(200);
    const res = await setPin(token, { transactionPin: '9753', otp: t.lastCode(email) });
    expect(res.statusCode).toBe(200);
    expect(await pinState(id)).toMatchObject({ attempts: 0, lockedUntil: null });
    expectValid(await validate(token, '9753'));
  });

  it("does not accept another user's PIN code", async () => {
    const a = await userWithPin('1234');
    const b = await userWithPin('1234');
    expect((await requestPinOtp(a.token)).statusCode).toBe(200);
    const res = await setPin(b.token, { transactionPin: '8642', otp: t.lastCode(a.email) });
    expect(res.statusCode).toBe(400);
    expectValid(await validate(b.token, '1234'));
  });

  it('answers 401 without a session', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/user/set-transaction-pin',
      payload: { transactionPin: '1234' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.unauthorized);
    expect((await t.request({ method: 'POST', url: '/api/user/request-pin-otp' })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/user/validate-pin', () => {
  it('answers 200 for the right PIN and 400 for a wrong one', async () => {
    const { token } = await userWithPin('1234');
    expectValid(await validate(token, '1234'));
    expectIncorrect(await validate(token, '4321'));
  });

  it('rejects a malformed PIN without using a try', async () => {
    const { token, id } = await userWithPin('1234');
    for (const pin of ['12a4', '123', '12345', 1234]) {
      const res = await validate(token, pin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.pinExactlyFour);
    }
    expect((await pinState(id))?.attempts).toBe(0);
  });

  it('answers 400 before any PIN is set', async () => {
    const { token } = await signUp(t);
    const res = await validate(token, '1234');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'PIN_NOT_SET',
      message: messages.setTransactionPin,
    });
  });

  it('locks PIN use on the 5th wrong PIN in a row, for 30 minutes', async () => {
    const { token, id } = await userWithPin('1234');
    for (let i = 1; i < PIN_MAX_FAILURES; i += 1) expectIncorrect(await validate(token, '0000'));
    expectLocked(await validate(token, '0000'));
    expectLocked(await validate(token, '0000'));
    // Even the right PIN is refused while locked.
    expectLocked(await validate(token, '1234'));
    const state = await pinState(id);
    expect(state?.lockedUntil?.getTime()).toBeGreaterThan(
      t.clock.now().getTime() + PIN_LOCK_MS - 60_000,
    );

    t.clock.advance(PIN_LOCK_MS - 60_000);
    expectLocked(await validate(token, '1234'));
    t.clock.advance(61_000);
    expectValid(await validate(token, '1234'));
    expect(await pinState(id)).toMatchObject({ attempts: 0, lockedUntil: null });
  });

  it('starts the count again once a lock has run out', async () => {
    const { token } = await userWithPin('1234');
    for (let i = 1; i < PIN_MAX_FAILURES; i += 1) expectIncorrect(await validate(token, '0000'));
    expectLocked(await validate(token, '0000'));
    t.clock.advance(PIN_LOCK_MS + 1000);
    for (let i = 1; i < PIN_MAX_FAILURES; i += 1) expectIncorrect(await validate(token, '0000'));
    expectLocked(await validate(token, '0000'));
    expectLocked(await validate(token, '1234'));
  });

  it('resets the count on a correct PIN', async () => {
    const { token, id } = await userWithPin('1234');
    for (let i = 0; i < 4; i += 1) expectIncorrect(await validate(token, '0000'));
    expectValid(await validate(token, '1234'));
    expect((await pinState(id))?.attempts).toBe(0);
    for (let i = 0; i < 4; i += 1) expectIncorrect(await validate(token, '0000'));
    expect(await pinState(id)).toMatchObject({ attempts: 4, lockedUntil: null });
    expectValid(await validate(token, '1234'));
  });

  it('never checks more than 5 PINs when 10 wrong ones arrive at once', async () => {
    const { token, id } = await userWithPin('1234');
    const replies = await Promise.all(Array.from({ length: 10 }, () => validate(token, '0000')));
    const statuses = replies.map((r) => r.statusCode);
    const wrong = replies.filter((r) => r.statusCode === 400);
    const locked = replies.filter((r) => r.statusCode === 423);
    expect(wrong.length + locked.length).toBe(10);
    expect(wrong.length, `statuses ${statuses.join(',')}`).toBeLessThanOrEqual(PIN_MAX_FAILURES);
    // Tries 1-4 are wrong; the 5th locks; the rest are refused without a check.
    expect(wrong).toHaveLength(PIN_MAX_FAILURES - 1);
    wrong.forEach(expectIncorrect);
    locked.forEach(expectLocked);
    const state = await pinState(id);
    expect(state?.attempts).toBe(PIN_MAX_FAILURES);
    expect(state?.lockedUntil).not.toBeNull();
    expectLocked(await validate(token, '1234'));
  });

  it("leaves user B untouched by user A's wrong PINs", async () => {
    const a = await userWithPin('1234');
    const b = await userWithPin('1234');
    for (let i = 1; i < PIN_MAX_FAILURES; i += 1) expectIncorrect(await validate(a.token, '0000'));
    expectLocked(await validate(a.token, '0000'));
    expect(await pinState(b.id)).toMatchObject({ attempts: 0, lockedUntil: null });
    expectValid(await validate(b.token, '1234'));
    expectLocked(await validate(a.token, '1234'));
  });

  it('answers 401 without a session', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/user/validate-pin',
      payload: { transactionPin: '1234' },
    });
    expect(res.statusCode).toBe(401);
  });
});
