import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/invariants';
import { DEMO_ADMIN, DEMO_CUSTOMERS, DEMO_PASSWORD } from '../src/modules/sandbox/demo/accounts';
import { seedDemo, type DemoOptions } from '../src/modules/sandbox/demo/seed';
import { createTestApp, signUp, type TestApp } from './harness';

/** The harness's clock, settable (the demo plays each of its days in turn). */
function settable(t: TestApp): DemoOptions['clock'] {
  return {
    now: () => t.clock.now(),
    set: (at: Date) => t.clock.advance(at.getTime() - t.clock.now().getTime()),
  };
}

// The 25th of this month: the demo's three weeks then fall inside the dashboard's "monthly" period.
const DEMO_NOW = new Date();
DEMO_NOW.setUTCDate(25);
DEMO_NOW.setUTCHours(12, 0, 0, 0);

describe('npm run demo: the seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
  });
  afterAll(async () => t?.close());

  const options = (): DemoOptions => ({
    app: t.app,
    clock: settable(t),
    sandboxOrigin: t.sandboxOrigin,
    now: DEMO_NOW,
  });
  const login = async (email: string) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };
  const count = async (table: string) => {
    const rows = await t.deps.database.db.execute(
      sql.raw(`select count(*)::int as n from ${table}`),
    );
    return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  it('seeds weeks of history through the real paths; the ledger audit passes', async () => {
    const result = await seedDemo(options());
    expect(result.status, JSON.stringify(result)).toBe('seeded');
    const audit = await auditLedger(t.deps.database.db);
    expect(audit.checks.filter((c) => !c.ok)).toEqual([]);
    expect(audit.ok).toBe(true);
  }, 120_000);

  it('shows the history on the customer’s screens and the admin dashboard', async () => {
    const ada = await login(DEMO_CUSTOMERS.ada.email);
    const history = await t.request({
      method: 'GET',
      url: '/api/transactions?limit=50',
      token: ada,
    });
    expect(history.statusCode, history.body).toBe(200);
    const items = history.json().transactions as {
      serviceType: string;
      status: string;
      createdAt: string;
    }[];
    const kinds = new Set(items.map((i) => i.serviceType));
    expect(items.length).toBeGreaterThanOrEqual(15);
    expect(kinds.size).toBeGreaterThanOrEqual(5);
    const statuses = new Set(items.map((i) => i.status.toLowerCase()));
    expect([...statuses].join()).toMatch(/fail|refund/);
    expect([...statuses].join()).toMatch(/pending|processing/);
    // Spread over weeks, not all made just now.
    const times = items.map((i) => new Date(i.createdAt).getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(14 * 24 * 3_600_000);

    const user = await t.request({ method: 'GET', url: '/api/user', token: ada });
    expect(user.json().data.accountBalance).toBeGreaterThan(0);

    const admin = await login(DEMO_ADMIN.email);
    const summary = await t.request({
      method: 'GET',
      url: '/api/admin/analytics/summary?period=monthly',
      token: admin,
    });
    expect(summary.statusCode, summary.body).toBe(200);
    const figures = summary.json().data.transactions;
    expect(figures.total).toBeGreaterThanOrEqual(20);
    expect(figures.failed).toBeGreaterThanOrEqual(1);
    expect(figures.pending).toBeGreaterThanOrEqual(1);
    const swaps = await t.request({ method: 'GET', url: '/api/airtime-swap/admin', token: admin });
    expect(swaps.statusCode, swaps.body).toBe(200);
    const swapStatuses = new Set(
      (JSON.stringify(swaps.json()).match(/"status":"([A-Z_]+)"/g) ?? []).map((s) =>
        s.slice(10, -1),
      ),
    );
    for (const status of ['COMPLETED', 'REJECTED', 'PROCESSING', 'AWAITING_VERIFICATION'])
      expect(swapStatuses, status).toContain(status);
  });

  it('is idempotent: a second run finds the demo and changes nothing', async () => {
    const before = await count('ledger_transfers');
    expect((await seedDemo(options())).status).toBe('already-seeded');
    expect(await count('ledger_transfers')).toBe(before);
  });

  it('refuses a database with real users', async () => {
    await signUp(t);
    const before = await count('ledger_transfers');
    const result = await seedDemo(options());
    expect(result.status).toBe('refused');
    expect(await count('ledger_transfers')).toBe(before);
  });
});
