import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { auditLog, operatorAlerts } from '../src/db/schema';
import { withAdminApp, type AdminApp } from './admin-support';
import { balanceKobo, customer, expectLedgerConsistent, PIN, type TestApp } from './harness';
import { latestDebit, orderRow, PLAIN_PHONE, transferCodes } from './purchase-support';

/**
 * The admin Suppliers screen's API: balances read from each supplier's balance call (the
 * simulators' wallets, drained by orders and set by the sandbox's control call), low-balance
 * thresholds, the airtime routing table, and the order flow following it: the next supplier only
 * after a definite refusal, on the same reservation.
 */
let t: TestApp;
let admin: AdminApp['admin'];
withAdminApp((ready) => {
  ({ t, admin } = ready);
});

const FULL_WALLET_KOBO = 5_000_000_00;

async function setWallet(supplier: string, balanceKobo: number) {
  const res = await fetch(`${t.sandboxOrigin}/sandbox/wallets/${supplier}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ balanceKobo }),
  });
  expect(res.status).toBe(200);
}

async function wallets(): Promise<Record<string, number>> {
  const res = await fetch(`${t.sandboxOrigin}/sandbox/wallets`);
  return ((await res.json()) as { balancesKobo: Record<string, number> }).balancesKobo;
}

const overview = async (token = admin.token) =>
  t.request({ method: 'GET', url: '/api/admin/suppliers', token });

const setRoute = (suppliers: unknown, token = admin.token, network = 'MTN') =>
  t.request({
    method: 'PUT',
    url: '/api/admin/suppliers/routes',
    token,
    payload: { service: 'airtime', network, suppliers },
  });

const buyAirtime = (token: string, phone: string, amount = 100) =>
  t.request({
    method: 'POST',
    url: '/api/vtpass/airtime',
    token,
    payload: { serviceID: 'mtn', phone, amount, transactionPin: PIN },
  });

async function lastAudit(action: string) {
  const [row] = await t.deps.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row;
}

describe('balances and thresholds', () => {
  it('reads every supplier balance from its balance call; a drained one shows as low', async () => {
    const first = await overview();
    expect(first.statusCode).toBe(200);
    const balances = first.json().data.balances as Array<Record<string, unknown>>;
    expect(balances.map((b) => b.supplier)).toEqual([
      'vtpass',
      'datastation',
      'ogdams',
      'palmpay',
      'safehaven',
    ]);
    for (const b of balances) {
      expect(b).toMatchObject({ error: null, low: false, lowBalanceThreshold: 50_000 });
      expect(b.balance).toBeGreaterThan(50_000);
    }
    expect(await t.services.suppliers.listLowBalanceSuppliers()).toEqual([]);

    await setWallet('ogdams', 12_345_67);
    const drained = (await overview()).json().data.balances as Array<Record<string, unknown>>;
    expect(drained.find((b) => b.supplier === 'ogdams')).toMatchObject({
      balance: 12_345.67,
      low: true,
    });
    expect(await t.services.suppliers.listLowBalanceSuppliers()).toEqual([
      { supplier: 'ogdams', name: 'Ogdams', balanceKobo: 12_345_67, thresholdKobo: 50_000_00 },
    ]);

    // Threshold 0 switches the warning off; set, it is in the audit log with both values.
    const off = await t.request({
      method: 'PUT',
      url: '/api/admin/suppliers/ogdams/threshold',
      token: admin.token,
      payload: { lowBalanceThreshold: 0 },
    });
    expect(off.statusCode).toBe(200);
    expect(await t.services.suppliers.listLowBalanceSuppliers()).toEqual([]);
    expect(await lastAudit('supplier.low_balance_threshold')).toMatchObject({
      actorId: admin.id,
      entity: 'supplier',
      entityId: 'Ogdams',
      before: { lowBalanceThresholdKobo: 50_000_00 },
      after: { lowBalanceThresholdKobo: 0 },
    });
    await setWallet('ogdams', FULL_WALLET_KOBO);
  });

  it('refuses a bad threshold with a 400 and changes nothing', async () => {
    const before = await t.services.suppliers.overview();
    for (const payload of [
      { lowBalanceThreshold: -1 },
      { lowBalanceThreshold: 'lots' },
      { lowBalanceThreshold: 1.234 },
      { lowBalanceThreshold: 200_000_000 },
      {},
    ]) {
      const res = await t.request({
        method: 'PUT',
        url: '/api/admin/suppliers/vtpass/threshold',
        token: admin.token,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const unknown = await t.request({
      method: 'PUT',
      url: '/api/admin/suppliers/nobody/threshold',
      token: admin.token,
      payload: { lowBalanceThreshold: 10 },
    });
    expect(unknown.statusCode).toBe(400);
    const after = await t.services.suppliers.overview();
    expect(after.data.balances.map((b) => b.lowBalanceThreshold)).toEqual(
      before.data.balances.map((b) => b.lowBalanceThreshold),
    );
  });

  it('a customer gets 403 on every suppliers route and changes nothing', async () => {
    const user = await customer(t);
    expect((await overview(user.token)).statusCode).toBe(403);
    const threshold = await t.request({
      method: 'PUT',
      url: '/api/admin/suppliers/vtpass/threshold',
      token: user.token,
      payload: { lowBalanceThreshold: 1 },
    });
    expect(threshold.statusCode).toBe(403);
    expect((await setRoute(['ogdams'], user.token)).statusCode).toBe(403);
    const routes = (await t.services.suppliers.overview()).data.routes;
    expect(routes.find((r) => r.network === 'MTN')?.suppliers).toEqual(['vtpass', 'datastation']);
  });
});

describe('routing', () => {
  it('a routing change is audited; bad routes are refused', async () => {
    const res = await setRoute(['ogdams', 'vtpass'], admin.token, 'GLO');
    expect(res.statusCode).toBe(200);
    const routes = (await overview()).json().data.routes as Array<Record<string, unknown>>;
    expect(routes.find((r) => r.network === 'GLO')).toMatchObject({
      service: 'airtime',
      suppliers: ['ogdams', 'vtpass'],
      choices: ['vtpass', 'datastation', 'ogdams'],
    });
    expect(await lastAudit('supplier.routing')).toMatchObject({
      actorId: admin.id,
      entity: 'route',
      entityId: 'Airtime · GLO',
      before: { suppliers: 'VTpass → DataStation' },
      after: { suppliers: 'Ogdams → VTpass' },
    });
    for (const bad of [[], ['palmpay'], ['vtpass', 'vtpass'], ['nobody'], 'vtpass']) {
      expect((await setRoute(bad, admin.token, 'GLO')).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const wrongNetwork = await t.request({
      method: 'PUT',
      url: '/api/admin/suppliers/routes',
      token: admin.token,
      payload: { service: 'airtime', network: 'NTEL', suppliers: ['vtpass'] },
    });
    expect(wrongNetwork.statusCode).toBe(400);
    const glo = (await t.services.suppliers.overview()).data.routes.find(
      (r) => r.network === 'GLO',
    );
    expect(glo?.suppliers).toEqual(['ogdams', 'vtpass']);
    await setRoute(['vtpass', 'datastation'], admin.token, 'GLO');
  });

  it('failover: the first supplier refuses definitively, the second delivers, charged once', async () => {
    const user = await customer(t, 1_000);
    const before = await wallets();
    // VTpass's documented "LOW WALLET BALANCE" (018): a definite refusal, with an alert.
    await setWallet('vtpass', 50_00);
    const res = await buyAirtime(user.token, PLAIN_PHONE);
    expect(res.statusCode).toBe(200);
    const debit = await latestDebit(t, user.id);
    expect(debit).toMatchObject({ status: 'success', amountKobo: 100_00 });
    expect(debit?.metadata).toMatchObject({ supplier: 'datastation' });
    const order = await orderRow(t, debit!.id);
    expect(order).toMatchObject({ supplier: 'datastation', state: 'delivered' });
    expect(order?.supplierRequestId).toMatch(/F$/);
    // Airtime sells at face value: the reservation, then its cost to the supplier that delivered.
    expect(await transferCodes(t, debit!.id)).toEqual({ purchase_reserve: 1, purchase_cost: 1 });
    expect(await balanceKobo(t, user.token)).toBe(900_00);
    const after = await wallets();
    expect(after.vtpass).toBe(50_00);
    expect(after.datastation).toBeLessThan(before.datastation!);
    const [alert] = await t.deps.database.db
      .select()
      .from(operatorAlerts)
      .where(eq(operatorAlerts.transactionId, debit!.id));
    expect(alert).toMatchObject({ supplier: 'vtpass' });
    await setWallet('vtpass', FULL_WALLET_KOBO);
    await expectLedgerConsistent(t);
  });

  it('a pending first answer never falls over to the next supplier', async () => {
    const user = await customer(t, 1_000);
    const before = await wallets();
    const res = await buyAirtime(user.token, MAGIC_PHONES.pendingForever);
    expect(res.statusCode).toBe(202);
    const debit = await latestDebit(t, user.id);
    const order = await orderRow(t, debit!.id);
    expect(order).toMatchObject({ supplier: 'vtpass', state: 'pending' });
    expect(order?.supplierRequestId).toBe(debit!.reference);
    expect((await wallets()).datastation).toBe(before.datastation);
    expect(await balanceKobo(t, user.token)).toBe(900_00);
    expect(await transferCodes(t, debit!.id)).toEqual({ purchase_reserve: 1 });
  });

  it('follows the routing table; every supplier refusing ends in one refund', async () => {
    await setRoute(['ogdams', 'datastation', 'vtpass']);
    const user = await customer(t, 1_000);
    const res = await buyAirtime(user.token, MAGIC_PHONES.failed);
    expect(res.statusCode).toBe(422);
    const debit = await latestDebit(t, user.id);
    expect(debit).toMatchObject({ status: 'failed' });
    const order = await orderRow(t, debit!.id);
    // Tried in the table's order; the last one's id is the base id with F2.
    expect(order).toMatchObject({ supplier: 'vtpass', state: 'failed' });
    expect(order?.supplierRequestId).toMatch(/F2$/);
    expect(await transferCodes(t, debit!.id)).toEqual({ purchase_reserve: 1, purchase_void: 1 });
    expect(await balanceKobo(t, user.token)).toBe(1_000_00);

    // The first on the route is the one an ordinary order goes to (a second later: latestDebit
    // reads the newest by time).
    t.clock.advance(1_000);
    const plain = await buyAirtime(user.token, PLAIN_PHONE);
    expect(plain.statusCode).toBe(200);
    expect(await orderRow(t, (await latestDebit(t, user.id))!.id)).toMatchObject({
      supplier: 'ogdams',
    });
    await setRoute(['vtpass', 'datastation']);
    await expectLedgerConsistent(t);
  });
});
