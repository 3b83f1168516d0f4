import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEYS } from '../sandbox/keys';
import { startTestSandbox, type TestSandbox } from '../sandbox/test-support';
import { createSafeHavenClient } from './client';
import { safehavenLiveCheck } from './live-check';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ safehavenLog: () => {} });
});
afterAll(() => t.close());

describe('safehavenLiveCheck', () => {
  it('reports the token exchange, the VAS services, the balance and the bank list', async () => {
    expect(await safehavenLiveCheck(t.providers.safehaven)).toEqual([
      {
        check: 'token and VAS services (POST oauth2/token, GET vas/services)',
        ok: true,
        detail: 'airtime networks: MTN, AIRTEL, GLO, ETISALAT',
      },
      {
        check: 'debit account balance (GET accounts)',
        ok: true,
        detail: `account ${SANDBOX_KEYS.safehaven.debitAccountNumber}: ₦10,000,000.00`,
      },
      { check: 'bank list (GET transfers/banks)', ok: true, detail: '28 banks' },
    ]);
  });

  it('says what is wrong when the client assertion is refused', async () => {
    const stranger = createSafeHavenClient({
      baseUrl: t.sandbox.baseUrls.safehaven,
      timeoutMs: 1_000,
      clientId: SANDBOX_KEYS.safehaven.clientId,
      privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      companyUrl: SANDBOX_KEYS.safehaven.companyUrl,
      debitAccountNumber: SANDBOX_KEYS.safehaven.debitAccountNumber,
    });
    const lines = await safehavenLiveCheck(stranger);
    expect(lines.map((l) => l.ok)).toEqual([false, false, false]);
    expect(lines[0]?.detail).toMatch(/token: HTTP 401/);
  });
});
