import { describe, expect, it } from 'vitest';
import { createVtpassClient } from '../vtpass/client';
import { makeVtpassRequestId } from '../vtpass/request-id';
import { SANDBOX_KEYS, startSandbox } from './server';
import { MAGIC_PHONES } from './magic';

describe('startSandbox', () => {
  it('serves the three suppliers under their prefixes on one port', async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      const origin = `http://127.0.0.1:${sandbox.port}`;
      expect(sandbox.baseUrls).toEqual({
        vtpass: `${origin}/vtpass/api/`,
        datastation: `${origin}/datastation/`,
        ogdams: `${origin}/ogdams/api/v1/`,
        palmpay: `${origin}/palmpay/`,
        safehaven: `${origin}/safehaven/`,
      });
    } finally {
      await sandbox.close();
    }
  });

  it('answers each supplier’s own 401 to a missing or wrong key', async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      const { vtpass, datastation, ogdams } = sandbox.baseUrls;
      const get = async (url: string, headers: Record<string, string> = {}) => {
        const response = await fetch(url, { headers });
        return { status: response.status, body: (await response.json()) as unknown };
      };
      // VTpass: GET needs api-key + public-key; the secret key is for POST.
      expect(
        await get(`${vtpass}service-variations?serviceID=mtn-data`, {
          'api-key': SANDBOX_KEYS.vtpass.apiKey,
          'secret-key': SANDBOX_KEYS.vtpass.secretKey,
        }),
      ).toMatchObject({ status: 401, body: { code: '087' } });
      expect(await get(`${datastation}api/user/`)).toEqual({
        status: 401,
        body: { detail: 'Authentication credentials were not provided.' },
      });
      expect(await get(`${datastation}api/user/`, { authorization: 'Bearer x' })).toEqual({
        status: 401,
        body: { detail: 'Invalid token.' },
      });
      expect(
        await get(`${ogdams}get/data/plans`, {
          authorization: `Token ${SANDBOX_KEYS.ogdams.apiKey}`,
        }),
      ).toMatchObject({ status: 401, body: { status: false } });
      // And the right keys pass.
      expect(
        (
          await get(`${datastation}api/network/`, {
            authorization: `Token ${SANDBOX_KEYS.datastation.apiKey}`,
          })
        ).status,
      ).toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('accepts other keys when given, and only those', async () => {
    const keys = { apiKey: 'k', publicKey: 'PK_k', secretKey: 'SK_k' };
    const sandbox = await startSandbox({ port: 0, keys: { vtpass: keys } });
    try {
      const mine = createVtpassClient({ baseUrl: sandbox.baseUrls.vtpass, timeoutMs: 1000, keys });
      expect((await mine.variations('glo-sme-data')).length).toBeGreaterThan(0);
      const defaults = createVtpassClient({
        baseUrl: sandbox.baseUrls.vtpass,
        timeoutMs: 1000,
        keys: SANDBOX_KEYS.vtpass,
      });
      await expect(defaults.variations('glo-sme-data')).rejects.toThrow(/401/);
    } finally {
      await sandbox.close();
    }
  });

  it('close() ends a call the timeout scenario is holding, at once', async () => {
    const sandbox = await startSandbox({ port: 0, holdMs: 60_000 });
    const client = createVtpassClient({
      baseUrl: sandbox.baseUrls.vtpass,
      timeoutMs: 30_000,
      keys: SANDBOX_KEYS.vtpass,
    });
    const held = client.pay({
      requestId: makeVtpassRequestId(new Date()),
      serviceID: 'mtn',
      amountKobo: 100_00,
      phone: MAGIC_PHONES.timeout,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await sandbox.close();
    expect(await held).toMatchObject({ status: 'pending' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
