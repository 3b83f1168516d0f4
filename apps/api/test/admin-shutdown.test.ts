import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAGIC_METERS, MAGIC_PHONES, MAGIC_SMARTCARDS } from '@owo/providers/sandbox/magic';
import { adminMessages } from '@owo/shared/admin-messages';
import type { ShutdownStatusReply } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import { NETWORK_IDS } from '@owo/shared/networks';
import { SAFEHAVEN_CATEGORY_IDS } from '@owo/providers/safehaven/catalogue';
import { auditLog, serviceSwitches } from '../src/db/schema';
import { withAdminApp, type Admin } from './admin-support';
import { createSwap, expectError, walletBody } from './airtime-swap-support';
import { balanceKobo, customer, expectLedgerConsistent, PIN, type TestApp } from './harness';
import { countRows, kind, loadPlans, purchase, type Plans } from './purchase-support';
import { sendTransfer } from './transfers-support';

/**
 * Admin shutdown controls (spec 2 §4 "Service availability", §7 "System"): who may call them,
 * what they refuse, what a shutdown stops (and for how long), and the audit entry of each change.
 */

let t: TestApp;
let admin: Admin;
let plans: Plans;
type User = Awaited<ReturnType<typeof customer>>;

const MINUTE = 60_000;

withAdminApp(async (app) => {
  ({ t, admin } = app);
  plans = await loadPlans(t, admin.token);
});
// Every test starts with every service running and an empty audit log.
beforeEach(async () => {
  await t.deps.database.db.delete(serviceSwitches);
  await t.deps.database.db.delete(auditLog);
});

const shutdown = (token: string | undefined, payload: object) =>
  t.request({ method: 'POST', url: '/api/admin/system/emergency-shutdown', token, payload });
const restore = (token: string | undefined, payload: object) =>
  t.request({ method: 'POST', url: '/api/admin/system/emergency-restore', token, payload });
const adminStatus = (token: string | undefined) =>
  t.request({ method: 'GET', url: '/api/admin/system/status', token });

async function customerStatus(user: User) {
  const res = await t.request({ method: 'GET', url: '/api/system/services', token: user.token });
  expect(res.statusCode).toBe(200);
  return res.json().data as Record<string, boolean>;
}

const dataKind = kind('in-house data');
const airtimeKind = kind('in-house airtime');
const dataBody = () => dataKind.body(MAGIC_PHONES.delivered, plans);
const airtimeBody = () => airtimeKind.body(MAGIC_PHONES.delivered, plans);

/** A purchase refused as switched off, with no money moved and no history row. */
async function expectShutdownRefusal(user: User, send: () => ReturnType<TestApp['request']>) {
  const balance = await balanceKobo(t, user.token);
  const rows = await countRows(t, user.id);
  const res = await send();
  expect(res.statusCode, res.body).toBe(503);
  expect(res.json()).toMatchObject({
    success: false,
    code: 'SERVICE_UNAVAILABLE',
    message: messages.serviceShutdown,
  });
  expect(await balanceKobo(t, user.token)).toBe(balance);
  expect(await countRows(t, user.id)).toBe(rows);
}

async function expectBought(user: User, send: () => ReturnType<TestApp['request']>) {
  const balance = await balanceKobo(t, user.token);
  const res = await send();
  expect(res.statusCode, res.body).toBe(200);
  expect(await balanceKobo(t, user.token)).toBe(balance - Math.round(res.json().data.amount * 100));
}

async function auditRows() {
  return t.deps.database.db.select().from(auditLog).orderBy(auditLog.entityId);
}

describe('who may call the shutdown controls', () => {
  it('a regular user gets 403 on each call and changes nothing; no token gets 401', async () => {
    const user = await customer(t);
    const body = { reason: 'x', duration: 10, services: ['data'] };
    expectError(await shutdown(user.token, body), 403, messages.forbidden);
    expectError(await restore(user.token, { services: ['data'] }), 403, messages.forbidden);
    expectError(await adminStatus(user.token), 403, messages.forbidden);
    expect((await shutdown(undefined, body)).statusCode).toBe(401);
    expect((await adminStatus(undefined)).statusCode).toBe(401);
    expect((await customerStatus(user)).data).toBe(true);
    expect(await auditRows()).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    ['an unknown service', { duration: 10, services: ['betting'] }, 'Unknown service.'],
    [
      'a duration not offered (15)',
      { duration: 15, services: ['data'] },
      'Choose a shutdown duration.',
    ],
    ['no duration', { services: ['data'] }, 'Choose a shutdown duration.'],
    [
      'a word for a duration',
      { duration: 'soon', services: ['data'] },
      'Choose a shutdown duration.',
    ],
    ['no services', { duration: 10, services: [] }, 'Choose at least one service.'],
    ['services not a list', { duration: 10, services: 'data' }, /./],
  ])('shutdown with %s → 400, nothing switched, nothing recorded', async (_what, body, message) => {
    expectError(await shutdown(admin.token, body), 400, message);
    expect(await t.deps.database.db.select().from(serviceSwitches)).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it('restore with no or unknown services → 400', async () => {
    expectError(await restore(admin.token, { services: [] }), 400, 'Choose at least one service.');
    expectError(await restore(admin.token, { services: ['wallet'] }), 400, 'Unknown service.');
    expectError(await restore(admin.token, { services: 'data' }), 400, /./);
    expect(await auditRows()).toEqual([]);
  });

  it('accepts the duration as text, as the dashboard sends it, and the default reason', async () => {
    const res = await shutdown(admin.token, { duration: '30', services: ['utility'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.utility).toMatchObject({ on: false, reason: 'services update' });
  });
});

describe('a data shutdown for 10 minutes', () => {
  it('refuses data purchases without moving money while airtime sells, then ends by itself', async () => {
    const user = await customer(t, 20_000);
    const now = t.clock.now().getTime();
    const res = await shutdown(admin.token, {
      reason: 'supplier outage',
      duration: 10,
      services: ['data'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json();
    expect(reply).toMatchObject({ success: true, message: adminMessages.shutdownSuccess });
    expect(reply.data.data).toEqual({
      on: false,
      until: new Date(now + 10 * MINUTE).toISOString(),
      reason: 'supplier outage',
    });
    expect(reply.data.airtime).toEqual({ on: true, until: null, reason: '' });
    expect(reply.data.system.on).toBe(true);

    expect(await customerStatus(user)).toEqual({
      system: true,
      airtime: true,
      data: false,
      'cable-tv': true,
      utility: true,
    });
    await expectShutdownRefusal(user, () => purchase(t, dataKind, user.token, dataBody()));
    // The VTpass data route is stopped by the same switch.
    const vtpass = kind('VTpass data');
    await expectShutdownRefusal(user, () =>
      purchase(t, vtpass, user.token, vtpass.body(MAGIC_PHONES.delivered, plans)),
    );
    await expectBought(user, () => purchase(t, airtimeKind, user.token, airtimeBody()));

    // Just before the end it is still off; at ten minutes it is back without anyone acting.
    t.clock.advance(10 * MINUTE - 1_000);
    await expectShutdownRefusal(user, () => purchase(t, dataKind, user.token, dataBody()));
    t.clock.advance(1_000);
    expect((await customerStatus(user)).data).toBe(true);
    expect((await adminStatus(admin.token)).json().data.data).toEqual({
      on: true,
      until: null,
      reason: '',
    });
    await expectBought(user, () => purchase(t, dataKind, user.token, dataBody()));
    await expectLedgerConsistent(t);
  });

  it('the admin status lists every service with its own switch', async () => {
    await shutdown(admin.token, { reason: 'r', duration: 60, services: ['cable-tv'] });
    const res = await adminStatus(admin.token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ShutdownStatusReply;
    expect(Object.keys(body.data).sort()).toEqual(
      [
        'airtime',
        'airtime-9mobile',
        'airtime-airtel',
        'airtime-glo',
        'airtime-mtn',
        'cable-tv',
        'data',
        'system',
        'utility',
      ].sort(),
    );
    expect(body.data['cable-tv']).toMatchObject({ on: false, reason: 'r' });
    expect(body.data.data.on).toBe(true);
  });
});

describe('airtime per network', () => {
  const vtpassAirtime = kind('VTpass airtime');
  const inhouseOn = (network: number) => ({ ...airtimeBody(), network });
  const safeHavenAirtime = (user: User, network: 'MTN' | 'GLO') =>
    t.request({
      method: 'POST',
      url: '/api/services/pay/airtime',
      token: user.token,
      payload: {
        serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.airtime[network],
        amount: 200,
        phoneNumber: MAGIC_PHONES.delivered,
        transactionPin: PIN,
      },
    });

  it("MTN's switch off: MTN airtime is refused on every route, other networks sell", async () => {
    const user = await customer(t, 20_000);
    const res = await shutdown(admin.token, { duration: 60, services: ['airtime-mtn'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data['airtime-mtn']).toMatchObject({ on: false, reason: 'services update' });
    expect(res.json().data.airtime.on).toBe(true);

    await expectShutdownRefusal(user, () =>
      purchase(t, airtimeKind, user.token, inhouseOn(NETWORK_IDS.MTN)),
    );
    await expectShutdownRefusal(user, () =>
      purchase(t, vtpassAirtime, user.token, vtpassAirtime.body(MAGIC_PHONES.delivered, plans)),
    );
    await expectShutdownRefusal(user, () => safeHavenAirtime(user, 'MTN'));
    // Other networks, and MTN data, are untouched.
    await expectBought(user, () =>
      purchase(t, airtimeKind, user.token, inhouseOn(NETWORK_IDS.AIRTEL)),
    );
    await expectBought(user, () => safeHavenAirtime(user, 'GLO'));
    await expectBought(user, () => purchase(t, dataKind, user.token, dataBody()));

    const entries = (await auditRows()).filter((e) => e.action.startsWith('system.'));
    expect(entries).toMatchObject([{ action: 'system.shutdown', entityId: 'airtime-mtn' }]);

    const back = await restore(admin.token, { services: ['airtime-mtn'] });
    expect(back.json().data['airtime-mtn'].on).toBe(true);
    await expectBought(user, () =>
      purchase(t, airtimeKind, user.token, inhouseOn(NETWORK_IDS.MTN)),
    );
    await expectLedgerConsistent(t);
  });

  it('the airtime switch still stops every network; restoring a network does not lift it', async () => {
    const user = await customer(t, 20_000);
    await shutdown(admin.token, { duration: 60, services: ['airtime', 'airtime-glo'] });
    await restore(admin.token, { services: ['airtime-glo'] });
    await expectShutdownRefusal(user, () =>
      purchase(t, airtimeKind, user.token, inhouseOn(NETWORK_IDS.GLO)),
    );
    await expectShutdownRefusal(user, () =>
      purchase(t, airtimeKind, user.token, inhouseOn(NETWORK_IDS.AIRTEL)),
    );
    await restore(admin.token, { services: ['airtime'] });
    await expectBought(user, () =>
      purchase(t, airtimeKind, user.token, inhouseOn(NETWORK_IDS.GLO)),
    );
  });

  it('a network switch ends by itself after its duration, like the others', async () => {
    const user = await customer(t, 20_000);
    await shutdown(admin.token, { duration: 10, services: ['airtime-9mobile'] });
    await expectShutdownRefusal(user, () =>
      purchase(t, airtimeKind, user.token, inhouseOn(NETWORK_IDS['9MOBILE'])),
    );
    t.clock.advance(10 * MINUTE);
    await expectBought(user, () =>
      purchase(t, airtimeKind, user.token, inhouseOn(NETWORK_IDS['9MOBILE'])),
    );
  });
});

describe('the system switch', () => {
  it('stops every purchase, betting and new swaps; transfers between users keep working', async () => {
    const user = await customer(t, 20_000);
    const other = await customer(t);
    const res = await shutdown(admin.token, { duration: 60, services: ['system'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await customerStatus(user)).toEqual({
      system: false,
      airtime: false,
      data: false,
      'cable-tv': false,
      utility: false,
    });
    for (const name of [
      'in-house airtime',
      'in-house data',
      'in-house cable',
      'VTpass electricity',
    ]) {
      const k = kind(name);
      const value = {
        phone: MAGIC_PHONES.delivered,
        card: MAGIC_SMARTCARDS.delivered,
        meter: MAGIC_METERS.delivered,
      }[k.magic];
      await expectShutdownRefusal(user, () => purchase(t, k, user.token, k.body(value, plans)));
    }
    await expectShutdownRefusal(user, () =>
      t.request({
        method: 'POST',
        url: '/api/biller/betting',
        token: user.token,
        payload: {
          billerId: 'BET9JA',
          itemId: 'BET9JA_TOPUP',
          amount: 1_000,
          rechargeAccount: '55554444',
          transactionPin: PIN,
        },
      }),
    );
    expectError(
      await createSwap(t, user.token, walletBody(user.email)),
      503,
      messages.serviceShutdown,
    );
    const transfer = await sendTransfer(t, user.token, {
      recipientIdentifier: other.id,
      amount: 10,
      transactionPin: PIN,
    });
    expect(transfer.statusCode, transfer.body).toBe(200);

    // Restore lifts it at once.
    const back = await restore(admin.token, { services: ['system'] });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      success: true,
      message: adminMessages.restoreSuccess,
      data: { system: { on: true, until: null, reason: '' } },
    });
    expect(Object.values(await customerStatus(user)).every(Boolean)).toBe(true);
    await expectBought(user, () => purchase(t, dataKind, user.token, dataBody()));
    expect((await createSwap(t, user.token, walletBody(user.email))).statusCode).toBe(200);
    await expectLedgerConsistent(t);
  });

  it('restoring the system leaves a service switched off on its own still off', async () => {
    const user = await customer(t);
    await shutdown(admin.token, { duration: 60, services: ['data', 'system'] });
    await restore(admin.token, { services: ['system'] });
    expect(await customerStatus(user)).toMatchObject({ system: true, data: false, airtime: true });
  });
});

describe('the audit entries', () => {
  it('a shutdown writes one entry per service, a restore one per service it lifts', async () => {
    const at = t.clock.now();
    await shutdown(admin.token, {
      reason: 'maintenance',
      duration: 30,
      services: ['data', 'airtime', 'data'],
    });
    const until = new Date(at.getTime() + 30 * MINUTE).toISOString();
    const entries = await auditRows();
    expect(entries).toHaveLength(2);
    for (const [entry, service] of [
      [entries[0], 'airtime'],
      [entries[1], 'data'],
    ] as const) {
      expect(entry).toMatchObject({
        actorId: admin.id,
        actorEmail: admin.email,
        action: 'system.shutdown',
        entity: 'service',
        entityId: service,
        before: { until: null, reason: '' },
        after: { until, reason: 'maintenance', durationMinutes: 30 },
        reason: 'maintenance',
      });
      expect(entry!.createdAt.toISOString()).toBe(at.toISOString());
    }

    t.clock.advance(MINUTE);
    // "utility" is running: restoring it changes nothing and records nothing.
    const res = await restore(admin.token, { services: ['data', 'utility'] });
    expect(res.statusCode).toBe(200);
    const restores = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'system.restore'));
    expect(restores).toHaveLength(1);
    expect(restores[0]).toMatchObject({
      actorId: admin.id,
      entity: 'service',
      entityId: 'data',
      before: { until, reason: 'maintenance' },
      after: { until: null, reason: '' },
    });
  });

  it('a shutdown over a running one records the earlier end as its before', async () => {
    await shutdown(admin.token, { reason: 'first', duration: 10, services: ['utility'] });
    const firstUntil = new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString();
    await shutdown(admin.token, { reason: 'longer', duration: 60, services: ['utility'] });
    const [, second] = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, 'utility'))
      .orderBy(auditLog.reason);
    expect(second).toMatchObject({
      before: { until: firstUntil, reason: 'first' },
      after: { reason: 'longer', durationMinutes: 60 },
    });
  });
});
