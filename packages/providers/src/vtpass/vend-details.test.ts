/**
 * Every place a VTpass electricity reply carries the token and units: each DisCo's documented
 * shape (fixtures/pay-electricity-*.json) read by the adapter's vendDetailsOf, and each DisCo's
 * reply as the simulator serves it read by the real adapter over HTTP.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VTPASS_ELECTRICITY_SERVICES } from '@owo/shared/networks';
import {
  MAGIC_METERS,
  MAGIC_PHONES,
  VTPASS_TOKEN_LATER_AFTER_MS,
  VTPASS_TOKEN_LATER_METER,
} from '../sandbox/magic';
import { startTestSandbox, type TestSandbox } from '../sandbox/test-support';
import { tokenFor } from '../sandbox/sim-kit';
import type { JsonObject } from '../wire';
import { makeVtpassRequestId } from './request-id';
import { electricityShapeOf } from './sim-electricity';
import { vendDetailsOf } from './vend-details';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as JsonObject;

describe('vendDetailsOf over every documented electricity shape', () => {
  it.each([
    ['pay-electricity-ikedc.json', '1234-5678-9012-3456-7890', '9.5 kWh'],
    ['pay-electricity-ekedc.json', '1234-5678-9012-3456-7890', '9.5'],
    ['pay-electricity-aedc.json', '1234-5678-9012-3456-7890', '9.5'],
    ['pay-electricity-ibedc.json', '1234-5678-9012-3456-7890', '9.5 kWh'],
    ['pay-electricity-kedco.json', '1234-5678-9012-3456-7890', undefined],
    ['pay-delivered-prepaid.json', '1234-5678-9012-3456-7890', '9.5 kWh'],
    ['requery-electricity-ikedc.json', '1234-5678-9012-3456-7890', '9.5 kWh'],
  ])('%s: token %s, units %s', (file, token, units) => {
    expect(vendDetailsOf(fixture(file))).toEqual({ token, units });
  });

  it('finds the token in AEDC`s Token alone (purchased_code empty)', () => {
    const reply = fixture('pay-electricity-aedc.json');
    expect(reply.purchased_code).toBe('');
    expect(vendDetailsOf(reply).token).toBe('1234-5678-9012-3456-7890');
  });

  it('takes the main token, not the bonus token, from EKEDC`s purchased_code', () => {
    const reply = fixture('pay-electricity-ekedc.json');
    delete reply.mainToken;
    expect(vendDetailsOf(reply).token).toBe('1234-5678-9012-3456-7890');
  });

  it('finds the token in a requery`s transaction extras alone', () => {
    const reply = fixture('requery-electricity-ikedc.json');
    for (const key of ['purchased_code', 'token']) delete reply[key];
    expect(vendDetailsOf(reply).token).toBe('1234-5678-9012-3456-7890');
  });

  it('finds nothing in a postpaid reply or one whose fields say N/A', () => {
    expect(vendDetailsOf(fixture('pay-electricity-postpaid.json'))).toEqual({
      token: undefined,
      units: undefined,
    });
    expect(vendDetailsOf(fixture('pay-electricity-no-token.json'))).toEqual({
      token: undefined,
      units: undefined,
    });
  });
});

describe('the simulator serves each DisCo its shape, and the adapter reads the token', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox();
  });
  afterAll(() => t.close());
  const newId = () => makeVtpassRequestId(new Date(t.now()));

  it.each([...VTPASS_ELECTRICITY_SERVICES])('%s', async (serviceID) => {
    const requestId = newId();
    const outcome = await t.providers.vtpass.pay({
      requestId,
      serviceID,
      amountKobo: 5_000_00,
      phone: MAGIC_PHONES.delivered,
      billersCode: MAGIC_METERS.delivered,
      variationCode: 'prepaid',
    });
    expect(outcome.status).toBe('delivered');
    if (outcome.status !== 'delivered') return;
    expect(outcome.token).toBe(tokenFor(requestId));
    const raw = outcome.raw as JsonObject;
    const shape = electricityShapeOf(serviceID);
    const where = {
      ikedc: ['token', 'units'],
      ekedc: ['mainToken', 'mainTokenUnits'],
      aedc: ['Token', 'PurchasedUnits'],
      ibedc: ['purchased_code', 'Units'],
      kedco: ['purchased_code'],
    }[shape];
    for (const key of where) expect(raw, `${serviceID} ${key}`).toHaveProperty(key);
    if (shape === 'kedco') expect(outcome.units).toBeUndefined();
    else expect(outcome.units).toMatch(/^23\.8( kWh)?$/);
    // Amount and date as the DisCo's page shows them.
    if (shape === 'ikedc') {
      expect(raw.amount).toBe(5000);
      expect(raw.transaction_date).toMatch(/^\d{4}-\d\d-\d\dT/);
    } else {
      expect(raw.amount).toBe('5000.00');
      expect(raw.transaction_date).toMatchObject({ timezone_type: 3, timezone: 'Africa/Lagos' });
    }
  });

  it('answers the token-later meter without a token, then with it on a later requery', async () => {
    const requestId = newId();
    const pay = await t.providers.vtpass.pay({
      requestId,
      serviceID: 'abuja-electric',
      amountKobo: 2_000_00,
      phone: MAGIC_PHONES.delivered,
      billersCode: VTPASS_TOKEN_LATER_METER,
      variationCode: 'prepaid',
    });
    expect(pay).toMatchObject({ status: 'delivered' });
    expect(pay).not.toHaveProperty('token');
    expect(await t.providers.vtpass.requery(requestId)).not.toHaveProperty('token');
    t.advance(VTPASS_TOKEN_LATER_AFTER_MS);
    expect(await t.providers.vtpass.requery(requestId)).toMatchObject({
      status: 'delivered',
      token: expect.stringMatching(/^\d{4}(-\d{4}){4}$/),
    });
  });
});
