import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEYS } from '../sandbox/keys';
import { sandboxPalmPay, startTestSandbox, type TestSandbox } from '../sandbox/test-support';
import { createPalmPayClient } from './client';
import { palmpayLiveCheck } from './live-check';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ palmpayWebhookRetryDelaysMs: [] });
});
afterAll(() => t.close());

const palmpay = () => sandboxPalmPay(t.sandbox.baseUrls.palmpay, 1_500);

describe('PalmPay live check (read-only)', () => {
  it('reads the merchant balance, the betting billers and the first biller’s items', async () => {
    const lines = await palmpayLiveCheck(palmpay());
    expect(lines.map((l) => [l.check, l.ok])).toEqual([
      ['merchant balance (queryBalance)', true],
      ['betting billers (biller/query betting)', true],
      ['items of BET9JA (item/query)', true],
    ]);
    expect(lines[1]?.detail).toMatch(/^8 billers: Bet9ja, SportyBet/);
  });

  it('says what failed when PalmPay refuses our keys', async () => {
    const wrong = createPalmPayClient({
      baseUrl: t.sandbox.baseUrls.palmpay,
      timeoutMs: 2_000,
      keys: {
        appId: SANDBOX_KEYS.palmpay.appId,
        merchantPrivateKey: SANDBOX_KEYS.palmpay.platformPrivateKey,
        palmpayPublicKey: SANDBOX_KEYS.palmpay.platformPublicKey,
      },
    });
    const lines = await palmpayLiveCheck(wrong);
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => !l.ok && /OPEN_GW_000008/.test(l.detail))).toBe(true);
  });
});
