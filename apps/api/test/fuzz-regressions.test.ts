import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@owo/shared/messages';
import { errorCatalogue } from '../src/errors';
import { containsNul } from '../src/plugins/reject-nul';
import { createTestApp, customer, type TestApp } from './harness';

/**
 * What the fuzzer (tests/reliability/fuzz.test.ts) found, one request each: every one
 * was a 5xx or an unclear reply before its fix.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await customer(t)).token;
});
afterAll(async () => {
  await t.close();
});

type Reply = Awaited<ReturnType<TestApp['request']>>;

function expectRefusal(res: Reply, status: number, code: string, message?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ success: false, code, data: { message: body.message } });
  if (message) expect(body.message).toMatch(message);
}

describe('text with a NUL character (PostgreSQL refuses it: was a 500)', () => {
  it('is refused in a JSON body before it reaches a query', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/user/request-password-reset',
      payload: { email: 'someone@example.com\u0000' },
    });
    expectRefusal(res, 400, 'VALIDATION_FAILED', /NUL/);
  });

  it('is refused in a path parameter no schema checks', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/deposit/session/abc%00def',
      token,
    });
    expectRefusal(res, 400, 'VALIDATION_FAILED', /NUL/);
  });

  it('is refused in a query string and in a key', async () => {
    const query = await t.request({ method: 'GET', url: '/api/transactions?search=a%00b', token });
    expectRefusal(query, 400, 'VALIDATION_FAILED', /NUL/);
    const key = await t.request({
      method: 'PATCH',
      url: '/api/user/update',
      token,
      headers: { 'content-type': 'application/json' },
      payload: '{"first\\u0000Name":"Ada"}',
    });
    expectRefusal(key, 400, 'VALIDATION_FAILED', /NUL/);
  });

  it('is found however deep it is nested, without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 50_000; i += 1) deep = [deep];
    expect(containsNul(deep)).toBe(true);
    expect(containsNul({ a: ['fine', { b: 'text' }] })).toBe(false);
  });
});

describe("URLs the router refuses get our error body (were Fastify's own)", () => {
  it('a path that does not decode is a 400', async () => {
    const res = await t.request({ method: 'GET', url: '/api/deposit/%E0%A4%A/status', token });
    expectRefusal(res, 400, 'VALIDATION_FAILED', errorCatalogue.VALIDATION_FAILED.message);
  });

  it('a path parameter over 100 characters names nothing: 404', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/transactions/${'x'.repeat(101)}`,
      token,
    });
    expectRefusal(res, 404, 'NOT_FOUND');
  });
});

describe('validation messages are words, not zod internals', () => {
  it('a rule without its own message names the field in plain words', async () => {
    const res = await t.request({ method: 'GET', url: '/api/transactions?page=abc', token });
    // Was "Invalid input: expected number, received NaN".
    expectRefusal(res, 400, 'VALIDATION_FAILED', 'page must be a number.');
  });

  it("a schema's own message still wins", async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/request-otp',
      payload: { email: 12 },
    });
    expectRefusal(res, 400, 'VALIDATION_FAILED', messages.invalidEmail);
  });

  it('an unknown field is named back short, not echoed whole', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: '/api/user/update',
      token,
      payload: { ['k'.repeat(10_000)]: 1 },
    });
    expectRefusal(res, 400, 'VALIDATION_FAILED', /^Unknown field: k{40}…$/);
  });
});

describe('smartcard verification of a service that is not a TV service (was a 502)', () => {
  it('is refused as input instead of reaching VTpass', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/vtpass/smartcard-verify',
      token,
      payload: { serviceID: 'mtn-data', billersCode: '1234567890' },
    });
    expectRefusal(res, 400, 'VALIDATION_FAILED', messages.selectCablePlan);
  });
});
