import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_MAX_FAILURES } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { securityMessages, type SessionDto } from '@owo/shared/security';
import { createTestApp, setPin, signUp, STRONG_PASSWORD, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string, userAgent = 'Mozilla/5.0 (iPhone) Safari') =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
  });
const changePassword = (token: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/user/change-password', token, payload });
const listSessions = async (token: string) => {
  const res = await t.request({ method: 'GET', url: '/api/user/sessions', token });
  expect(res.statusCode).toBe(200);
  return res.json().data as SessionDto[];
};
const me = (token: string) => t.request({ method: 'GET', url: '/api/user', token });
const NEW_PASSWORD = 'N3w!passw0rd';

/** A customer signed in on two devices: `token` (the phone in hand) and `other` (a laptop). */
async function twoDevices() {
  const user = await signUp(t);
  const other = (
    await login(user.email, STRONG_PASSWORD, 'Mozilla/5.0 (Windows NT 10.0) Chrome')
  ).json().token as string;
  return { ...user, other };
}

describe('POST /api/user/change-password', () => {
  it('changes the password with the current one and signs the other devices out', async () => {
    const { email, token, other } = await twoDevices();
    const res = await changePassword(token, {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: securityMessages.passwordChanged });
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(401);
    // This device stays signed in; the other one is out.
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const { email, token, other } = await twoDevices();
    const res = await changePassword(token, {
      currentPassword: 'Wr0ng!pass',
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_INCORRECT',
      message: securityMessages.currentPasswordIncorrect,
    });
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
  });

  it("holds the new password to the spec's rules and refuses the same password", async () => {
    const { token } = await signUp(t);
    for (const weak of ['short1!', 'alllower1!', 'NoDigits!!', 'NoSpecial12']) {
      const res = await changePassword(token, {
        currentPassword: STRONG_PASSWORD,
        newPassword: weak,
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(messages.passwordCombined);
    }
    const same = await changePassword(token, {
      currentPassword: STRONG_PASSWORD,
      newPassword: STRONG_PASSWORD,
    });
    expect(same.statusCode).toBe(400);
    expect(same.body).toContain(securityMessages.samePassword);
    const missing = await changePassword(token, { newPassword: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
  });

  it('counts wrong current passwords and stops guessing after five', async () => {
    const { token } = await signUp(t);
    for (let i = 0; i < 5; i++) {
      const res = await changePassword(token, {
        currentPassword: `Wr0ng!pass${i}`,
        newPassword: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
    }
    // Even the right password is refused now: the guesser gets no answer.
    const res = await changePassword(token, {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('PASSWORD_CHANGE_THROTTLED');
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('asks for a signed-in caller', async () => {
    const res = await changePassword('x'.repeat(43), {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('changing the PIN with the current PIN', () => {
  it('a wrong current PIN counts toward the same lock as every other PIN check', async () => {
    const { token } = await signUp(t);
    await setPin(t, token, '1234');
    for (let i = 1; i < PIN_MAX_FAILURES; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/user/set-transaction-pin',
        token,
        payload: { transactionPin: '5555', currentPin: '9999' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('PIN_INCORRECT');
    }
    // The fifth wrong PIN, given to a payment's check, locks: the count was shared.
    const fifth = await t.request({
      method: 'POST',
      url: '/api/user/validate-pin',
      token,
      payload: { transactionPin: '9999' },
    });
    expect(fifth.statusCode).toBe(423);
    // Locked: even the right current PIN cannot change it now, and the PIN is unchanged.
    const locked = await t.request({
      method: 'POST',
      url: '/api/user/set-transaction-pin',
      token,
      payload: { transactionPin: '5555', currentPin: '1234' },
    });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().code).toBe('PIN_LOCKED');
  });

  it('the right current PIN changes it', async () => {
    const { token } = await signUp(t);
    await setPin(t, token, '1234');
    const res = await t.request({
      method: 'POST',
      url: '/api/user/set-transaction-pin',
      token,
      payload: { transactionPin: '5555', currentPin: '1234' },
    });
    expect(res.statusCode).toBe(200);
    const check = await t.request({
      method: 'POST',
      url: '/api/user/validate-pin',
      token,
      payload: { transactionPin: '5555' },
    });
    expect(check.statusCode).toBe(200);
  });
});

describe('signed-in devices', () => {
  it('lists the live sessions with their user agent and last use, this one marked', async () => {
    const { token, other } = await twoDevices();
    t.clock.advance(5 * 60_000);
    expect((await me(other)).statusCode).toBe(200);
    const list = await listSessions(token);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true });
    const laptop = list.find((s) => !s.current);
    expect(laptop?.userAgent).toContain('Windows NT 10.0');
    // The laptop's request just now is its last use; the list shows no token or hash.
    expect(new Date(laptop?.lastSeenAt ?? 0).getTime()).toBe(t.clock.now().getTime());
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      ['_id', 'createdAt', 'current', 'lastSeenAt', 'userAgent'].sort(),
    );
  });

  it('"sign out everywhere" ends every other session: their requests get 401', async () => {
    const { email, token, other } = await twoDevices();
    const third = (await login(email, STRONG_PASSWORD)).json().token as string;
    const res = await t.request({
      method: 'POST',
      url: '/api/user/sessions/sign-out-others',
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: securityMessages.othersSignedOut,
      revoked: 2,
    });
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
    expect((await listSessions(token)).map((s) => s.current)).toEqual([true]);
  });

  it('signs one other device out; the current one is signed out with Log Out', async () => {
    const { token, other } = await twoDevices();
    const list = await listSessions(token);
    const laptop = list.find((s) => !s.current);
    const mine = list.find((s) => s.current);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/user/sessions/${laptop?._id}`,
      token,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    const self = await t.request({
      method: 'DELETE',
      url: `/api/user/sessions/${mine?._id}`,
      token,
    });
    expect(self.statusCode).toBe(404);
    const bad = await t.request({ method: 'DELETE', url: '/api/user/sessions/not-a-uuid', token });
    expect(bad.statusCode).toBe(400);
  });

  it("a second user neither sees nor ends another's sessions", async () => {
    const a = await twoDevices();
    const b = await signUp(t);
    const aIds = (await listSessions(a.token)).map((s) => s._id);
    const bList = await listSessions(b.token);
    expect(bList).toHaveLength(1);
    expect(aIds).not.toContain(bList[0]?._id);
    for (const id of aIds) {
      const res = await t.request({
        method: 'DELETE',
        url: `/api/user/sessions/${id}`,
        token: b.token,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('SESSION_NOT_FOUND');
    }
    // B signing out everywhere leaves A's devices alone.
    await t.request({ method: 'POST', url: '/api/user/sessions/sign-out-others', token: b.token });
    expect((await me(a.token)).statusCode).toBe(200);
    expect((await me(a.other)).statusCode).toBe(200);
    expect(await listSessions(a.token)).toHaveLength(2);
  });
});
