import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import {
  alertMessages,
  DEFAULT_ALERT_SETTINGS,
  type AlertIncidentDto,
  type AlertSettings,
} from '@owo/shared/alerts';
import { users } from '../src/db/schema';
import type { Mail } from '../src/lib/mailer';
import { ledgerAuditJob } from '../src/modules/metrics/ledger-audit-job';
import { signInAdmin, expectError } from './airtime-swap-support';
import { createTestApp, customer, expectLedgerConsistent, type TestApp } from './harness';
import {
  kind,
  latestDebit,
  loadPlans,
  orderRow,
  PLAIN_PHONE,
  purchase,
  type Plans,
} from './purchase-support';

/**
 * Admin e-mail alerts: each watched condition mails every admin once when it starts, never again
 * while it holds, and again when it comes back after clearing; racing passes (one node or two on
 * one database) send one mail; the settings and acknowledgements are admin-only and audited.
 */

type Admin = Awaited<ReturnType<typeof signInAdmin>>;
let t: TestApp;
let admin: Admin;
let admin2: Admin;
let support: { token: string; email: string };
let plans: Plans;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  admin2 = await signInAdmin(t);
  plans = await loadPlans(t, admin.token);
  const staff = await customer(t);
  await t.deps.database.db.update(users).set({ role: 'support' }).where(eq(users.id, staff.id));
  // The role is read on every request: the same session now acts as support staff.
  support = { token: staff.token, email: staff.email };
});
afterAll(async () => {
  await t?.close();
});

/** Every condition off; each test turns on the one it watches. */
const OFF: AlertSettings = {
  pendingOrders: { enabled: false, afterMinutes: 5 },
  failureRate: { enabled: false, percent: 50, windowMinutes: 10, minOrders: 2 },
  lowBalance: { enabled: false },
  ledgerAudit: { enabled: false },
};

const putSettings = (payload: object | string, token = admin.token) =>
  t.request({ method: 'PUT', url: '/api/admin/alerts/settings', token, payload });

async function only(patch: Partial<AlertSettings>) {
  const res = await putSettings({ ...OFF, ...patch });
  expect(res.statusCode, res.body).toBe(200);
}

const incidents = async (token = admin.token) => {
  const res = await t.request({ method: 'GET', url: '/api/admin/alerts/incidents', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { open: AlertIncidentDto[]; recent: AlertIncidentDto[] };
};

const isAlert = (m: Mail) => m.subject.startsWith(`${t.deps.config.appName} alert:`);

/** Runs `work` and answers the alert mails it sent (from every outbox given). */
async function mailsDuring(work: () => Promise<unknown>, outboxes: Mail[][] = [t.outbox]) {
  const marks = outboxes.map((o) => o.length);
  await work();
  return outboxes.flatMap((o, i) => o.slice(marks[i]).filter(isAlert));
}

const pass = () => t.services.alerts.pass();

/** Sets our wallet at the VTpass simulator (the sandbox's control call); answers the old one. */
async function setWallet(balanceKobo: number): Promise<number> {
  const before = await fetch(`${t.sandboxOrigin}/sandbox/wallets`);
  const old = ((await before.json()) as { balancesKobo: { vtpass: number } }).balancesKobo.vtpass;
  const res = await fetch(`${t.sandboxOrigin}/sandbox/wallets/vtpass`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ balanceKobo }),
  });
  expect(res.status).toBe(200);
  return old;
}

/** One new occurrence: one mail to each admin (not to support staff), with the summary. */
function expectOneRound(mails: Mail[], subject: RegExp) {
  expect(mails.map((m) => m.to).sort()).toEqual([admin.email, admin2.email].sort());
  for (const mail of mails) {
    expect(mail.subject).toMatch(subject);
    expect(mail.text).toContain(`${t.deps.config.publicBaseUrl}/admin/alerts`);
  }
}

describe('orders pending longer than the threshold', () => {
  const vtpassAirtime = kind('VTpass airtime');

  async function pendingOrder(phone: string) {
    const user = await customer(t, 1000);
    const res = await purchase(t, vtpassAirtime, user.token, vtpassAirtime.body(phone, plans));
    expect(res.statusCode, res.body).toBe(202);
    return (await latestDebit(t, user.id))!.id;
  }

  it('mails once, not again while it holds, and again when it comes back', async () => {
    await only({ pendingOrders: { enabled: true, afterMinutes: 5 } });
    const id = await pendingOrder(MAGIC_PHONES.pendingThenDelivered);
    // Younger than the threshold: nothing yet.
    expect(await mailsDuring(pass)).toEqual([]);

    t.clock.advance(6 * MINUTE);
    expectOneRound(await mailsDuring(pass), /1 order pending for more than 5 minutes/);
    expect(await mailsDuring(pass)).toEqual([]);
    expect((await incidents()).open).toMatchObject([
      { kind: 'orders_pending', mailed: true, clearedAt: null },
    ]);

    // The supplier answers: the order settles and the condition clears, with no mail.
    await t.services.reconciler.runOnce();
    expect((await orderRow(t, id))!.state).toBe('delivered');
    expect(await mailsDuring(pass)).toEqual([]);
    const after = await incidents();
    expect(after.open).toEqual([]);
    expect(after.recent[0]).toMatchObject({ kind: 'orders_pending' });
    expect(after.recent[0]!.clearedAt).not.toBeNull();

    // It comes back: a new occurrence, a new mail.
    const again = await pendingOrder(MAGIC_PHONES.pendingThenDelivered);
    t.clock.advance(6 * MINUTE);
    expectOneRound(await mailsDuring(pass), /1 order pending/);
    expect(await mailsDuring(pass)).toEqual([]);
    await t.services.reconciler.runOnce();
    expect((await orderRow(t, again))!.state).toBe('delivered');
    await pass();
    expect((await incidents()).open).toEqual([]);
    await expectLedgerConsistent(t);
  });
});

describe("a supplier's failure rate over the window", () => {
  const data = kind('in-house data');

  async function failedOrders(n: number) {
    const user = await customer(t, 5000);
    for (let i = 0; i < n; i += 1) {
      await purchase(t, data, user.token, data.body(MAGIC_PHONES.failed, plans));
      expect((await orderRow(t, (await latestDebit(t, user.id))!.id))!.state).toBe('failed');
    }
  }

  it('mails once per supplier, not again while it holds, and again when it comes back', async () => {
    await only({
      failureRate: { enabled: true, percent: 50, windowMinutes: 10, minOrders: 2 },
    });
    // One failure is under the minimum number of orders.
    await failedOrders(1);
    expect(await mailsDuring(pass)).toEqual([]);

    await failedOrders(1);
    expectOneRound(
      await mailsDuring(pass),
      /DataStation: 2 of 2 orders failed \(100%\) in the last 10 minutes/,
    );
    await failedOrders(1);
    expect(await mailsDuring(pass)).toEqual([]);
    const [open] = (await incidents()).open;
    expect(open).toMatchObject({
      kind: 'supplier_failure_rate',
      subject: 'datastation',
      summary: 'DataStation: 3 of 3 orders failed (100%) in the last 10 minutes',
    });

    // The failures leave the window: cleared without a mail.
    t.clock.advance(11 * MINUTE);
    expect(await mailsDuring(pass)).toEqual([]);
    expect((await incidents()).open).toEqual([]);

    await failedOrders(2);
    expectOneRound(await mailsDuring(pass), /DataStation: 2 of 2 orders failed/);
    t.clock.advance(11 * MINUTE);
    await pass();
    await expectLedgerConsistent(t);
  });

  it('counts the refusals the airtime fallback rescued against the supplier that refused', async () => {
    await only({
      failureRate: { enabled: true, percent: 50, windowMinutes: 10, minOrders: 2 },
    });
    const airtime = kind('VTpass airtime');
    const user = await customer(t, 1000);
    // VTpass's wallet too low: it refuses (018) and DataStation, next on the route, delivers.
    const full = await setWallet(50_00);
    try {
      for (let i = 0; i < 2; i += 1) {
        const res = await purchase(t, airtime, user.token, airtime.body(PLAIN_PHONE, plans));
        expect(res.statusCode, res.body).toBe(200);
        expect(await orderRow(t, (await latestDebit(t, user.id))!.id)).toMatchObject({
          supplier: 'datastation',
          state: 'delivered',
        });
      }
    } finally {
      await setWallet(full);
    }
    expectOneRound(await mailsDuring(pass), /VTpass: 2 of 2 orders failed \(100%\)/);
    t.clock.advance(11 * MINUTE);
    await pass();
    expect((await incidents()).open).toEqual([]);
    await expectLedgerConsistent(t);
  });
});

describe("a supplier's balance below its threshold", () => {
  it('mails once, not again while it holds, and again when it comes back', async () => {
    await only({ lowBalance: { enabled: true } });
    expect(await mailsDuring(pass)).toEqual([]);

    const full = await setWallet(4_000_00);
    expectOneRound(await mailsDuring(pass), /VTpass balance ₦4,000\.00 is below ₦50,000\.00/);
    await setWallet(3_000_00);
    expect(await mailsDuring(pass)).toEqual([]);
    expect((await incidents()).open).toMatchObject([
      { kind: 'supplier_low_balance', subject: 'vtpass', summary: /₦3,000\.00/ },
    ]);

    await setWallet(full);
    expect(await mailsDuring(pass)).toEqual([]);
    expect((await incidents()).open).toEqual([]);

    await setWallet(1_00);
    expectOneRound(await mailsDuring(pass), /VTpass balance ₦1\.00/);
    await setWallet(full);
    await pass();
    expect((await incidents()).open).toEqual([]);
  });
});

describe('the ledger audit failing', () => {
  const audit = () =>
    ledgerAuditJob(t.deps, t.services.metrics, MINUTE, t.services.alerts.ledgerAudit).pass();
  /** Moves one wallet's cached balance off its transfers (and back), as a bug would. */
  const skew = (kobo: number) =>
    t.deps.database.db.execute(
      sql`update ledger_accounts set balance_kobo = balance_kobo + ${kobo}
          where id = (select id from ledger_accounts where kind = 'user_wallet' order by id limit 1)`,
    );

  it('mails once, not again while it fails, and again when it fails after passing', async () => {
    await only({ ledgerAudit: { enabled: true } });
    await audit();
    expect(await mailsDuring(pass)).toEqual([]);

    await skew(1);
    await audit();
    expectOneRound(
      await mailsDuring(pass),
      /The ledger audit failed: .*every balance equals the sum of its transfers/,
    );
    await audit();
    expect(await mailsDuring(pass)).toEqual([]);

    await skew(-1);
    await audit();
    expect(await mailsDuring(pass)).toEqual([]);
    expect((await incidents()).open).toEqual([]);

    await skew(1);
    await audit();
    expectOneRound(await mailsDuring(pass), /The ledger audit failed/);
    await skew(-1);
    await audit();
    expect((await incidents()).open).toEqual([]);
    await expectLedgerConsistent(t);
  });

  it('switched off, opens nothing and ends the open one', async () => {
    await only({ ledgerAudit: { enabled: true } });
    await skew(1);
    await audit();
    expect((await incidents()).open).toHaveLength(1);
    await only({ ledgerAudit: { enabled: false } });
    expect(await mailsDuring(pass)).toEqual([]);
    expect((await incidents()).open).toEqual([]);
    await audit();
    expect((await incidents()).open).toEqual([]);
    await skew(-1);
    await expectLedgerConsistent(t);
  });
});

describe('racing passes', () => {
  // Starts a second app (its set-up counts in the test's time; over a minute on a loaded machine).
  it('send one mail per admin for one occurrence, on one node or two', async () => {
    await only({ pendingOrders: { enabled: true, afterMinutes: 5 } });
    const airtime = kind('VTpass airtime');
    const user = await customer(t, 1000);
    await purchase(t, airtime, user.token, airtime.body(MAGIC_PHONES.pendingForever, plans));
    t.clock.advance(6 * MINUTE);

    // A second API node on the same database, its clock at this one's.
    const t2 = await createTestApp({}, { sameDatabaseAs: t });
    try {
      t2.clock.advance(t.clock.now().getTime() - t2.clock.now().getTime());
      const mails = await mailsDuring(
        () =>
          Promise.all([
            t.services.alerts.pass(),
            t2.services.alerts.pass(),
            t.services.alerts.pass(),
            t2.services.alerts.pass(),
          ]),
        [t.outbox, t2.outbox],
      );
      expectOneRound(mails, /1 order pending/);
      expect((await incidents()).open).toHaveLength(1);
    } finally {
      await t2.close();
    }
  }, 300_000);
});

describe('acknowledging', () => {
  it('marks an open alert once, in the audit log; staff see it, customers cannot', async () => {
    const [open] = (await incidents()).open;
    expect(open).toBeDefined();
    const url = `/api/admin/alerts/incidents/${open!._id}/acknowledge`;
    const user = await customer(t);
    expect((await t.request({ method: 'POST', url, token: user.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url, token: support.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url })).statusCode).toBe(401);

    const res = await t.request({ method: 'POST', url, token: admin2.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: alertMessages.acknowledged,
      data: { _id: open!._id, acknowledgedBy: admin2.email },
    });
    expect((await incidents(support.token)).open[0]).toMatchObject({
      acknowledgedBy: admin2.email,
    });
    expectError(
      await t.request({ method: 'POST', url, token: admin.token }),
      409,
      alertMessages.alreadyAcknowledged,
    );
    const log = await t.request({
      method: 'GET',
      url: '/api/admin/audit?action=alert.acknowledge',
      token: admin.token,
    });
    expect(log.json().data).toHaveLength(1);
    expect(log.json().data[0]).toMatchObject({
      entityId: open!._id,
      actor: { email: admin2.email },
    });

    // Acknowledged is not cleared: no new mail while it holds.
    expect(await mailsDuring(pass)).toEqual([]);
  });

  it('refuses an unknown, malformed or cleared alert', async () => {
    const ack = (id: string) =>
      t.request({
        method: 'POST',
        url: `/api/admin/alerts/incidents/${id}/acknowledge`,
        token: admin.token,
      });
    expect((await ack(randomUUID())).statusCode).toBe(404);
    expect((await ack('not-an-id')).statusCode).toBe(400);
    await only({});
    await pass();
    const [cleared] = (await incidents()).recent;
    expectError(await ack(cleared!._id), 409, alertMessages.alertCleared);
  });
});

describe('settings', () => {
  const read = async (token = admin.token) => {
    const res = await t.request({ method: 'GET', url: '/api/admin/alerts/settings', token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as AlertSettings;
  };
  const auditEntries = async () =>
    (
      await t.request({
        method: 'GET',
        url: '/api/admin/audit?action=setting.alerts',
        token: admin.token,
      })
    ).json().data as { before: unknown; after: unknown }[];

  it('are admin-only to change, staff-readable, and refused to customers', async () => {
    const user = await customer(t);
    for (const [method, url] of [
      ['GET', '/api/admin/alerts/settings'],
      ['PUT', '/api/admin/alerts/settings'],
      ['GET', '/api/admin/alerts/incidents'],
    ] as const) {
      const payload = method === 'PUT' ? DEFAULT_ALERT_SETTINGS : undefined;
      expect((await t.request({ method, url, token: user.token, payload })).statusCode).toBe(403);
      expect((await t.request({ method, url, payload })).statusCode).toBe(401);
    }
    expect((await putSettings(DEFAULT_ALERT_SETTINGS, support.token)).statusCode).toBe(403);
    expect(await read(support.token)).toEqual(await read());
  });

  it('refuses bad settings with a 400 and changes nothing', async () => {
    await only({ pendingOrders: { enabled: true, afterMinutes: 30 } });
    const before = await read();
    const entries = (await auditEntries()).length;
    const bad: [object, RegExp][] = [
      [{ ...before, failureRate: { ...before.failureRate, percent: 0 } }, /Failure rate/],
      [{ ...before, failureRate: { ...before.failureRate, percent: 101 } }, /Failure rate/],
      [{ ...before, failureRate: { ...before.failureRate, windowMinutes: '60' } }, /Window/],
      [{ ...before, pendingOrders: { enabled: true, afterMinutes: 2.5 } }, /Pending for/],
      [{ ...before, pendingOrders: { enabled: 'yes', afterMinutes: 30 } }, /true or false/],
      [{ ...before, ledgerAudit: undefined }, /./],
      [{ ...before, extra: 1 }, /./],
      [['on'], /./],
    ];
    for (const [payload, message] of bad) {
      const res = await putSettings(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await read()).toEqual(before);
    expect(await auditEntries()).toHaveLength(entries);
  });

  it('writes each change to the audit log with before and after, and nothing for no change', async () => {
    const before = await read();
    const next: AlertSettings = {
      ...before,
      failureRate: { enabled: true, percent: 35, windowMinutes: 30, minOrders: 20 },
    };
    const entries = (await auditEntries()).length;
    t.clock.advance(1_000);
    const res = await putSettings(next);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: alertMessages.settingsSaved, data: next });
    expect(await read()).toEqual(next);
    const log = await auditEntries();
    expect(log).toHaveLength(entries + 1);
    expect(log[0]).toMatchObject({
      before: { 'failureRate.percent': before.failureRate.percent },
      after: {
        'failureRate.enabled': true,
        'failureRate.percent': 35,
        'failureRate.windowMinutes': 30,
        'failureRate.minOrders': 20,
        'ledgerAudit.enabled': next.ledgerAudit.enabled,
      },
    });
    expect((await putSettings(next)).statusCode).toBe(200);
    expect(await auditEntries()).toHaveLength(entries + 1);
  });
});
