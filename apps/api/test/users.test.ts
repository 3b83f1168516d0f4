import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@owo/shared/messages';
import { createTestApp, signUp, uniqueEmail, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const getUser = (token?: string) => t.request({ method: 'GET', url: '/api/user', token });
const update = (token: string, payload: unknown) =>
  t.request({ method: 'PATCH', url: '/api/user/update', token, payload: payload as object });

/** Today minus `years` years plus `days` days, as YYYY-MM-DD (UTC). */
function yearsAgo(years: number, days = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function expectUnauthorized(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({
    success: false,
    code: 'UNAUTHORIZED',
    message: messages.unauthorized,
  });
}

describe('GET /api/user', () => {
  it('returns the signed-in user as the spec User entity', async () => {
    const email = uniqueEmail('get');
    const { token, id } = await signUp(t, email);
    const res = await getUser(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: messages.userFetched });
    expect(body.data).toEqual({
      _id: id,
      email,
      role: 'user',
      accountBalance: 0,
      hasSetTransactionPin: false,
      isVerified: true,
      status: 'active',
      isGoogleUser: false,
      firstName: 'Ada',
      lastName: 'Obi',
      phoneNumber: '08031234567',
      accountNumber: '',
      imageUrl: '',
      thumbnailUrl: '',
      originalImageUrl: '',
      isKYCVerified: false,
      gender: '',
      birthDate: '',
      accountDetails: null,
    });
    // Secrets never leave the server.
    expect(res.body).not.toMatch(/hash|pinFailed|pinLocked|password/i);
  });

  it('answers 401 without a token, with a malformed or unknown token', async () => {
    expectUnauthorized(await getUser());
    expectUnauthorized(await getUser('garbage'));
    expectUnauthorized(await getUser('A'.repeat(43)));
    const { token } = await signUp(t);
    expectUnauthorized(
      await t.request({ method: 'GET', url: '/api/user', headers: { authorization: token } }),
    );
    expectUnauthorized(
      await t.request({
        method: 'GET',
        url: '/api/user',
        headers: { authorization: `Basic ${token}` },
      }),
    );
  });

  it('answers 401 after logout, and logout ends only that session', async () => {
    const { token } = await signUp(t);
    expect((await getUser(token)).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', token });
    expect(out.statusCode).toBe(200);
    expectUnauthorized(await getUser(token));
    expectUnauthorized(await t.request({ method: 'POST', url: '/api/auth/logout', token }));
  });

  it('answers 401 once the session has expired', async () => {
    const { token } = await signUp(t);
    t.clock.advance(t.deps.config.sessionLifetimeS * 1000 - 60_000);
    expect((await getUser(token)).statusCode).toBe(200);
    t.clock.advance(61_000);
    const ended = await getUser(token);
    expect(ended.statusCode).toBe(401);
    // Not "unauthorised" like a revoked token: the lifetime is named (decision 0049).
    expect(ended.json()).toMatchObject({
      success: false,
      code: 'SESSION_EXPIRED',
      message: messages.signedOutExpired,
    });
  });
});

describe('PATCH /api/user/update', () => {
  it('changes only the non-empty fields it is given', async () => {
    const { token } = await signUp(t);
    const res = await update(token, {
      firstName: '',
      lastName: 'Okafor',
      phoneNumber: '',
      gender: 'female',
      birthDate: yearsAgo(30),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: messages.profileUpdated,
      data: {
        firstName: 'Ada',
        lastName: 'Okafor',
        phoneNumber: '08031234567',
        gender: 'female',
        birthDate: yearsAgo(30),
      },
    });
    const read = (await getUser(token)).json().data;
    expect(read).toMatchObject({
      firstName: 'Ada',
      lastName: 'Okafor',
      phoneNumber: '08031234567',
      gender: 'female',
      birthDate: yearsAgo(30),
    });

    const second = await update(token, { firstName: '  Chidi  ' });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({
      firstName: 'Chidi',
      lastName: 'Okafor',
      gender: 'female',
    });
  });

  it('stores a phone number in the same local form as sign-up', async () => {
    const { token } = await signUp(t);
    for (const [given, stored] of [
      ['+234 803 555 0101', '08035550101'],
      ['2348035550102', '08035550102'],
      ['0803-555-0103', '08035550103'],
    ] as const) {
      const res = await update(token, { phoneNumber: given });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.phoneNumber).toBe(stored);
      expect((await getUser(token)).json().data.phoneNumber).toBe(stored);
    }
  });

  it.each([
    ['phoneNumber', '12345', messages.invalidPhoneFormat],
    ['phoneNumber', '+2340803123456', messages.invalidPhoneFormat],
    ['phoneNumber', '08031234567890', messages.invalidPhoneFormat],
    ['phoneNumber', 8031234567, messages.invalidPhoneFormat],
    ['birthDate', yearsAgo(18, 1), messages.mustBeAdult],
    ['birthDate', yearsAgo(5), messages.mustBeAdult],
    ['birthDate', '01/02/1990', messages.birthDateRequired],
    ['gender', 'unknown', messages.genderRequired],
    ['gender', 'Male', messages.genderRequired],
    ['firstName', '   ', messages.firstNameRequired],
    ['lastName', '   ', messages.lastNameRequired],
  ])('rejects %s %j with the spec message and changes nothing', async (field, value, message) => {
    const { token } = await signUp(t);
    const before = (await getUser(token)).json().data;
    const res = await update(token, { lastName: 'Changed', [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
    expect(res.json().data.errors).toContainEqual({ field, message });
    expect((await getUser(token)).json().data).toEqual(before);
  });

  it('accepts someone who turns 18 today', async () => {
    const { token } = await signUp(t);
    const res = await update(token, { birthDate: yearsAgo(18) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.birthDate).toBe(yearsAgo(18));
  });

  it.each([
    [{ role: 'admin' }, 'role'],
    [{ email: 'other@example.com' }, 'email'],
    [{ accountBalance: 1_000_000 }, 'accountBalance'],
    [{ firstName: 'Eve', isKYCVerified: true }, 'isKYCVerified'],
  ])('rejects the unknown field in %j and changes nothing', async (payload, field) => {
    const { token } = await signUp(t);
    const before = (await getUser(token)).json().data;
    const res = await update(token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: `Unknown field: ${field}` });
    expect((await getUser(token)).json().data).toEqual(before);
  });

  it.each([[{}], [{ firstName: '', lastName: '' }], [{ gender: null }]])(
    'rejects %j with nothing to update',
    async (payload) => {
      const { token } = await signUp(t);
      const before = (await getUser(token)).json().data;
      const res = await update(token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: messages.nothingToUpdate });
      expect((await getUser(token)).json().data).toEqual(before);
    },
  );

  it('rejects a request without a body and a body that is not an object', async () => {
    const { token } = await signUp(t);
    const none = await t.request({ method: 'PATCH', url: '/api/user/update', token });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(messages.nothingToUpdate);
    const list = await t.request({
      method: 'PATCH',
      url: '/api/user/update',
      token,
      payload: [] as never,
    });
    expect(list.statusCode).toBe(400);
    expect(list.json().success).toBe(false);
  });

  it('answers 401 without a valid token and changes nothing', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: '/api/user/update',
      payload: { firstName: 'X' },
    });
    expectUnauthorized(res);
    expectUnauthorized(await update('garbage-token-garbage-token', { firstName: 'X' }));
  });
});

describe('one user cannot touch another', () => {
  it("B's token reads and changes only B", async () => {
    const a = await signUp(t, uniqueEmail('alice'));
    const b = await signUp(t, uniqueEmail('bob'));
    const aBefore = (await getUser(a.token)).json().data;

    const res = await update(b.token, { firstName: 'Bola', lastName: 'Bello', gender: 'male' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: b.id, email: b.email, firstName: 'Bola' });

    const bRead = (await getUser(b.token)).json().data;
    expect(bRead).toMatchObject({
      _id: b.id,
      email: b.email,
      firstName: 'Bola',
      lastName: 'Bello',
    });
    expect((await getUser(a.token)).json().data).toEqual(aBefore);

    // A query string or body naming A's id changes nothing for A either.
    const sneaky = await t.request({
      method: 'PATCH',
      url: `/api/user/update?id=${a.id}`,
      token: b.token,
      payload: { firstName: 'Mallory' },
    });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json().data._id).toBe(b.id);
    expect((await getUser(a.token)).json().data).toEqual(aBefore);
    const withId = await update(b.token, { _id: a.id, firstName: 'Mallory' });
    expect(withId.statusCode).toBe(400);
    expect((await getUser(a.token)).json().data).toEqual(aBefore);
  });
});
