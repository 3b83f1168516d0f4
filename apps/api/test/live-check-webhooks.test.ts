import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEYS } from '@owo/providers/sandbox/keys';
import { webhookLiveCheck } from '../src/modules/admin-cli/live-check-webhooks';
import { supplierWebhooksRepository } from '../src/modules/webhooks/status-repository';
import { createTestApp, type TestApp } from './harness';
import { DEAD_ORIGIN } from './deposit-support';

/**
 * `cli live-check webhooks` (decision 0045): every webhook route called through PUBLIC_BASE_URL
 * with the probe that moves nothing, PALMPAY_PUBLIC_KEY parsed and set against the last PalmPay
 * notification it verified, and the Ogdams signing key's status from the events it proved.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

const check = (over: Partial<Parameters<typeof webhookLiveCheck>[0]> = {}) =>
  webhookLiveCheck({
    publicBaseUrl: t.baseUrl!,
    live: false,
    palmpayPublicKey: SANDBOX_KEYS.palmpay.platformPublicKey,
    records: { db: t.deps.database.db },
    ...over,
  });

const byCheck = (lines: Awaited<ReturnType<typeof check>>, start: string) =>
  lines.find((l) => l.check.startsWith(start));

describe('live-check webhooks', () => {
  it('reaches every route through PUBLIC_BASE_URL and reports keys not yet proven', async () => {
    const lines = await check();
    for (const route of ['palmpay', 'ogdams', 'vtpass']) {
      expect(byCheck(lines, `webhook route ${route}`)).toMatchObject({ ok: true });
    }
    expect(byCheck(lines, 'PALMPAY_PUBLIC_KEY')?.detail).toMatch(
      /^parsed: RSA public key, \d+ bits; no PalmPay notification received yet/,
    );
    expect(byCheck(lines, 'Ogdams signing key')).toMatchObject({ ok: true });
    expect(byCheck(lines, 'Ogdams signing key')?.detail).toMatch(/^not verified yet/);
  });

  it('fails an unreachable origin, a key that does not parse and a key proven wrong', async () => {
    const at = t.clock.now();
    await supplierWebhooksRepository.recordRefused(t.deps.database.db, 'ogdams', at);
    await supplierWebhooksRepository.recordRefused(t.deps.database.db, 'palmpay', at);
    const lines = await check({
      publicBaseUrl: DEAD_ORIGIN,
      live: true,
      palmpayPublicKey: 'not a key',
    });
    expect(byCheck(lines, 'PUBLIC_BASE_URL')).toMatchObject({ ok: false });
    for (const route of ['palmpay', 'ogdams', 'vtpass']) {
      expect(byCheck(lines, `webhook route ${route}`)?.detail).toMatch(/^not reachable/);
    }
    expect(byCheck(lines, 'PALMPAY_PUBLIC_KEY')).toMatchObject({ ok: false });
    expect(byCheck(lines, 'PALMPAY_PUBLIC_KEY')?.detail).toMatch(/^does not parse/);
    const ogdams = byCheck(lines, 'Ogdams signing key');
    expect(ogdams?.ok).toBe(false);
    expect(ogdams?.detail).toMatch(/1 Ogdams event\(s\) refused .* takes no airtime routing/);

    // Notifications that verified prove both keys.
    await supplierWebhooksRepository.recordVerified(t.deps.database.db, 'ogdams', at);
    await supplierWebhooksRepository.recordVerified(t.deps.database.db, 'palmpay', at);
    const proven = await check();
    expect(byCheck(proven, 'PALMPAY_PUBLIC_KEY')?.detail).toMatch(
      /a signed PalmPay notification verified with it at /,
    );
    expect(byCheck(proven, 'Ogdams signing key')?.detail).toMatch(/^verified: /);
    expect(proven.every((l) => l.ok)).toBe(true);
  });

  it('says where to look when the database cannot be read', async () => {
    const lines = await check({ records: { unavailable: 'held by the running server' } });
    expect(byCheck(lines, 'Ogdams signing key')).toMatchObject({
      ok: true,
      detail: 'held by the running server',
    });
  });

  it('a page that is not our API answering is no pass', async () => {
    // The sandbox's origin answers, but not as our API: a wrong PUBLIC_BASE_URL.
    const lines = await check({ publicBaseUrl: t.sandboxOrigin });
    expect(byCheck(lines, 'webhook route vtpass')?.ok).toBe(false);
    expect(byCheck(lines, 'webhook route vtpass')?.detail).toMatch(/^HTTP 404, not our probe/);
  });
});
