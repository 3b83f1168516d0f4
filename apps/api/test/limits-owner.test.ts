import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@owo/shared/messages';
import { createTestApp, uniqueEmail, type TestApp } from './harness';

/**
 * Item 7 of the limits (docs/decisions/0016-atomic-limiter.md): the limits stop the guesser, and
 * the owner of the account can still get in from elsewhere while one address is guessing.
 */
let t: TestApp;
const PER_CLIENT = 3;
beforeAll(async () => {
  t = await createTestApp({ OTP_REQUESTS_PER_CLIENT_PER_HOUR: String(PER_CLIENT) });
});
afterAll(async () => {
  await t.close();
});

const GUESSER = '198.51.100.7';
const OWNER = '192.0.2.44';
/** Where codes are requested from when the test is not about that: a phone of its own each. */
let phones = 0;
const phone = () => `10.20.${Math.floor(++phones / 250)}.${phones % 250}`;

const requestOtp = (email: string, remoteAddress: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/request-otp',
    payload: { email },
    remoteAddress,
  });
const verifyOtp = (email: string, otp: string, remoteAddress: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: { email, otp },
    remoteAddress,
  });

describe('limits that stop the guesser, not the owner', () => {
  it('after a guessing burst burned the code, a fresh code still signs the owner in', async () => {
    const email = uniqueEmail('owner');
    expect((await requestOtp(email, OWNER)).statusCode).toBe(200);
    const burned = t.lastCode(email);
    const wrong = burned === '0000' ? '1111' : '0000';
    const burst = await Promise.all(
      Array.from({ length: 200 }, () => verifyOtp(email, wrong, GUESSER)),
    );
    const statuses = burst.map((r) => r.json().code as string);
    // Five tries were checked (the code burned on the fifth); the rest met the limit unchecked.
    expect(statuses.filter((c) => c === 'OTP_INVALID')).toHaveLength(4);
    expect(statuses.filter((c) => c === 'OTP_TOO_MANY_ATTEMPTS')).toHaveLength(1);
    expect(statuses.filter((c) => c === 'OTP_VERIFY_THROTTLED')).toHaveLength(195);
    // The guesser's right code would be refused too: its address has no tries left.
    expect((await verifyOtp(email, burned, GUESSER)).statusCode).toBe(429);

    t.clock.advance(61_000);
    expect((await requestOtp(email, OWNER)).statusCode).toBe(200);
    const fresh = await verifyOtp(email, t.lastCode(email), OWNER);
    expect(fresh.statusCode).toBe(200);
  });

  it('counts the e-mail across addresses: two guessing addresses reach its limit', async () => {
    const email = uniqueEmail('spread');
    expect((await requestOtp(email, phone())).statusCode).toBe(200);
    const code = t.lastCode(email);
    const wrong = code === '0000' ? '1111' : '0000';
    for (const address of ['198.51.100.1', '198.51.100.2']) {
      t.clock.advance(61_000);
      expect((await requestOtp(email, phone())).statusCode).toBe(200);
      for (let i = 0; i < 5; i += 1) await verifyOtp(email, wrong, address);
    }
    t.clock.advance(61_000);
    expect((await requestOtp(email, phone())).statusCode).toBe(200);
    const blocked = await verifyOtp(email, t.lastCode(email), OWNER);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(messages.otpVerifyThrottled);
  });

  it('a right code does not count: an address signing many people in is not throttled', async () => {
    const office = '203.0.113.50';
    for (let i = 0; i < 25; i += 1) {
      const email = uniqueEmail('office');
      // Codes are requested from each person's phone; the check comes from the office.
      expect((await requestOtp(email, `192.0.2.${100 + i}`)).statusCode).toBe(200);
      expect((await verifyOtp(email, t.lastCode(email), office)).statusCode).toBe(200);
    }
  });

  it('limits codes mailed from one client address across e-mails, with Retry-After', async () => {
    const client = '198.51.100.99';
    for (let i = 0; i < PER_CLIENT; i += 1) {
      expect((await requestOtp(uniqueEmail('spray'), client)).statusCode).toBe(200);
    }
    const refused = await requestOtp(uniqueEmail('spray'), client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(messages.otpRateHour);
    expect(Number(refused.headers['retry-after'])).toBe(3_600);
    expect((await requestOtp(uniqueEmail('spray'), '198.51.100.98')).statusCode).toBe(200);
  });

  it('a second code within the minute is refused with the seconds left', async () => {
    const email = uniqueEmail('minute');
    expect((await requestOtp(email, phone())).statusCode).toBe(200);
    t.clock.advance(20_000);
    const again = await requestOtp(email, phone());
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(messages.otpRateMinute);
    expect(again.headers['retry-after']).toBe('40');
  });
});
