import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEYS } from '@owo/providers/sandbox/keys';
import { OGDAMS_SIGNATURE_HEADER, signOgdamsBody } from '@owo/providers/ogdams/protocol';
import { signInAdmin } from './airtime-swap-support';
import { createTestApp, type TestApp } from './harness';
import { routeFor } from '../src/modules/suppliers/routing';

/**
 * Ogdams, unverified until proven (decision 0045): its signing key is inferred, so live routing
 * keeps it off the airtime routes until one signed Ogdams event has verified; the Suppliers screen
 * shows when that happened and how many events were refused. And the webhook routes' go-live
 * probe, which reads and writes nothing.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const SIGNED_EVENT = JSON.stringify({
  status: true,
  code: 200,
  event: { type: 'data', data: { network: 2, msg: 'done', reference: 'owo-not-one-of-ours' } },
});

async function postOgdams(body: string, signature: string) {
  const res = await fetch(`${t.baseUrl}/api/webhooks/ogdams`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [OGDAMS_SIGNATURE_HEADER]: signature },
    body,
  });
  return res.status;
}

async function ogdamsCard() {
  const res = await t.request({ method: 'GET', url: '/api/admin/suppliers', token: admin.token });
  expect(res.statusCode).toBe(200);
  const balances = res.json().data.balances as { supplier: string; webhook: unknown }[];
  expect(balances.find((b) => b.supplier === 'vtpass')?.webhook).toBeNull();
  return balances.find((b) => b.supplier === 'ogdams')!.webhook as Record<string, unknown>;
}

async function setRoute(suppliers: string[]) {
  const res = await t.request({
    method: 'PUT',
    url: '/api/admin/suppliers/routes',
    token: admin.token,
    payload: { service: 'airtime', network: 'AIRTEL', suppliers },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const liveRoute = () => routeFor(t.deps.database.db, 'airtime', 'AIRTEL', { live: true });

describe('Ogdams unverified until proven', () => {
  it('takes no live routing traffic until a signed event verifies, and records it', async () => {
    expect(await ogdamsCard()).toEqual({
      verifiedAt: null,
      lastVerifiedAt: null,
      refusedCount: 0,
      lastRefusedAt: null,
      // The sandbox routes to it: its simulator signs with the key we check (decision 0045).
      heldFromRouting: false,
    });
    await setRoute(['ogdams', 'vtpass']);
    expect(await liveRoute()).toEqual(['vtpass']);
    // The sandbox's own routing is not held.
    expect(await routeFor(t.deps.database.db, 'airtime', 'AIRTEL', { live: false })).toEqual([
      'ogdams',
      'vtpass',
    ]);
    await setRoute(['ogdams']);
    // A route of Ogdams alone: the default route serves, rather than no supplier at all.
    expect(await liveRoute()).toEqual(['vtpass', 'datastation']);

    // Signed with another key: refused, counted, and still held.
    const wrongKey = signOgdamsBody(SIGNED_EVENT, 'sk_live_not_our_key');
    expect(await postOgdams(SIGNED_EVENT, wrongKey)).toBe(401);
    expect(await postOgdams(SIGNED_EVENT, 'not-even-hex')).toBe(401);
    const refused = await ogdamsCard();
    expect(refused).toMatchObject({ verifiedAt: null, refusedCount: 2 });
    expect(refused.lastRefusedAt).toBe(t.clock.now().toISOString());
    expect(await liveRoute()).toEqual(['vtpass', 'datastation']);

    // Signed with our key (the sandbox's, as Ogdams signs): verified, though it names no order.
    const ours = signOgdamsBody(SIGNED_EVENT, SANDBOX_KEYS.ogdams.apiKey);
    expect(await postOgdams(SIGNED_EVENT, ours)).toBe(200);
    const verifiedAt = t.clock.now().toISOString();
    expect(await ogdamsCard()).toMatchObject({ verifiedAt, lastVerifiedAt: verifiedAt });
    expect(await liveRoute()).toEqual(['ogdams']);
    await setRoute(['ogdams', 'vtpass']);
    expect(await liveRoute()).toEqual(['ogdams', 'vtpass']);

    // A later event moves the last time on and keeps the first.
    t.clock.advance(2 * 60_000);
    expect(await postOgdams(SIGNED_EVENT, ours)).toBe(200);
    expect(await ogdamsCard()).toMatchObject({
      verifiedAt,
      lastVerifiedAt: t.clock.now().toISOString(),
      refusedCount: 2,
    });
    await setRoute(['vtpass', 'datastation']);
  });

  it('answers the go-live probe on every webhook route, moving nothing', async () => {
    for (const supplier of ['palmpay', 'ogdams', 'vtpass']) {
      const res = await fetch(`${t.baseUrl}/api/webhooks/${supplier}?probe=live-check-1234`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        webhook: supplier,
        accepts: 'POST',
        probe: 'live-check-1234',
      });
    }
    const odd = await fetch(`${t.baseUrl}/api/webhooks/ogdams?probe=<script>`);
    expect(await odd.json()).toMatchObject({ probe: null });
    // The probes wrote nothing: Ogdams's counts are as the test above left them.
    expect(await ogdamsCard()).toMatchObject({ refusedCount: 2 });
  });
});
