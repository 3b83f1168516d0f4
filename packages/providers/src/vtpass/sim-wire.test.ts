/**
 * The VTpass simulator's wire as other people's clients meet it: Basic auth besides the api-key
 * headers, the catalogue calls (service-categories, services?identifier=), the variations list
 * under VTpass's spelling per product, and the TV check as each page writes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEYS } from '../sandbox/keys';
import { startTestSandbox, type TestSandbox } from '../sandbox/test-support';
import { VTPASS_SANDBOX_LOGIN } from './simulator';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const url = (path: string) => new URL(path, t.sandbox.baseUrls.vtpass).toString();
const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
const LOGIN = basic(VTPASS_SANDBOX_LOGIN.username, VTPASS_SANDBOX_LOGIN.password);
const KEYS = {
  'api-key': SANDBOX_KEYS.vtpass.apiKey,
  'public-key': SANDBOX_KEYS.vtpass.publicKey,
};

async function get(path: string, headers: Record<string, string>) {
  const response = await fetch(url(path), { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('VTpass authentication', () => {
  it('takes Basic auth with the account login, on reads and on writes', async () => {
    expect(await get('balance', { authorization: LOGIN })).toMatchObject({ status: 200 });
    const response = await fetch(url('merchant-verify'), {
      method: 'POST',
      headers: { authorization: LOGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ serviceID: 'dstv', billersCode: '1212121212' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ code: '000' });
  });

  it('refuses a wrong login with 087, as it refuses wrong keys', async () => {
    const wrong = await get('balance', { authorization: basic('sandbox@owo.local', 'nope') });
    expect(wrong).toMatchObject({ status: 401, body: { code: '087' } });
    const keys = await get('balance', { ...KEYS, 'public-key': 'PK_wrong' });
    expect(keys).toMatchObject({ status: 401, body: { code: '087' } });
  });
});

describe('VTpass catalogue calls', () => {
  it('lists the service categories', async () => {
    const { status, body } = await get('service-categories', KEYS);
    expect(status).toBe(200);
    expect(body.response_description).toBe('000');
    expect((body.content as Array<{ identifier: string }>).map((c) => c.identifier)).toEqual([
      'airtime',
      'data',
      'tv-subscription',
      'electricity-bill',
    ]);
  });

  it('lists the services of a category, and none of an unknown one', async () => {
    const { body } = await get('services?identifier=electricity-bill', { authorization: LOGIN });
    const services = body.content as Array<Record<string, unknown>>;
    expect(services).toHaveLength(12);
    expect(services[0]).toMatchObject({
      serviceID: 'ikeja-electric',
      minimium_amount: '500',
      maximum_amount: 500000,
      product_type: 'flexible',
    });
    const tv = (await get('services?identifier=tv-subscription', KEYS)).body.content as unknown[];
    expect(tv).toContainEqual(expect.objectContaining({ serviceID: 'dstv', product_type: 'fix' }));
    expect((await get('services?identifier=nothing', KEYS)).body.content).toEqual([]);
  });
});

describe('VTpass variations under VTpass`s spelling', () => {
  it.each([
    ['mtn-data', ['varations']],
    ['dstv', ['variations', 'varations']],
    ['ikeja-electric', ['variations', 'varations']],
  ])('%s lists under %j', async (serviceID, keys) => {
    const { body } = await get(`service-variations?serviceID=${serviceID}`, KEYS);
    const content = body.content as Record<string, unknown>;
    for (const key of ['variations', 'varations']) {
      expect(Array.isArray(content[key]), key).toBe(keys.includes(key));
    }
    // The adapter reads whichever is there.
    expect((await t.providers.vtpass.variations(serviceID)).length).toBeGreaterThan(0);
  });
});

describe('VTpass TV check', () => {
  it('answers GOtv with DUE_DATE and a numeric Customer_Number, DStv with Due_Date and a string', async () => {
    const post = async (serviceID: string) => {
      const response = await fetch(url('merchant-verify'), {
        method: 'POST',
        headers: { authorization: LOGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ serviceID, billersCode: '7012345678' }),
      });
      return ((await response.json()) as { content: Record<string, unknown> }).content;
    };
    const gotv = await post('gotv');
    expect(gotv.DUE_DATE).toMatch(/^\d{4}-\d\d-\d\dT00:00:00$/);
    expect(typeof gotv.Customer_Number).toBe('number');
    const dstv = await post('dstv');
    expect(dstv.Due_Date).toMatch(/^\d{4}-\d\d-\d\dT00:00:00$/);
    expect(typeof dstv.Customer_Number).toBe('string');
    // The adapter reads both.
    for (const serviceID of ['gotv', 'dstv']) {
      const verified = await t.providers.vtpass.verifySmartcard({
        serviceID,
        billersCode: '7012345678',
      });
      expect(verified).toMatchObject({
        ok: true,
        info: {
          dueDate: expect.stringMatching(/^\d{4}-/),
          customerNumber: expect.stringMatching(/^\d+$/),
        },
      });
    }
  });
});
