import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../sandbox/test-support';
import { createOgdamsClient } from './client';
import { ogdamsLiveCheck } from './live-check';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

describe('ogdamsLiveCheck', () => {
  it('reports the balance and the plan list from read-only calls', async () => {
    const lines = await ogdamsLiveCheck(t.providers.ogdams);
    expect(lines).toEqual([
      { check: 'balance (GET get/balances)', ok: true, detail: 'main balance ₦5,000,000.00' },
      {
        check: 'plans (GET get/data/plans)',
        ok: true,
        detail: expect.stringMatching(/^16 priced plans on network ids 2, e\.g\. 2001 /),
      },
    ]);
  });

  it('says what is wrong when the key is refused', async () => {
    const stranger = createOgdamsClient({
      baseUrl: t.sandbox.baseUrls.ogdams,
      timeoutMs: 500,
      apiKey: 'sk_test_wrong',
    });
    const lines = await ogdamsLiveCheck(stranger);
    expect(lines.map((l) => l.ok)).toEqual([false, false]);
    expect(lines[0]?.detail).toMatch(/HTTP 401/);
  });
});
