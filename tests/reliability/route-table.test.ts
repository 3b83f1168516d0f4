import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../apps/api/test/harness';

// The access matrix and the fuzzer are generated from app.routeTable: it must hold every route,
// with the guard each one registered.
describe('the route table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('lists every API route once, with the guard it runs', () => {
    const table = t.app.routeTable;
    const keys = table.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(table.length).toBeGreaterThan(80);
    const find = (method: string, url: string) =>
      table.find((r) => r.method === method && r.url === url)?.access;
    expect(find('POST', '/api/auth/login')).toBe('public');
    expect(find('POST', '/api/transfers')).toBe('user');
    // Admin-area reads are open to the read-only support role; writes stay admin only.
    expect(find('GET', '/api/admin/analytics/summary')).toBe('staff');
    expect(find('POST', '/api/admin/transactions/:id/refund')).toBe('admin');
    // CSV exports carry every customer's details out: admins only, support included out.
    for (const url of [
      '/api/admin/transactions/export',
      '/api/airtime-swap/admin/export',
      '/api/admin/analytics/betting/export',
    ]) {
      expect(find('GET', url), url).toBe('admin');
    }
    expect(find('POST', '/api/webhooks/palmpay')).toBe('public');
    // Every /api/admin route checks a staff role on the server, and only reads admit support.
    for (const route of table.filter((r) => r.url.startsWith('/api/admin'))) {
      expect(['staff', 'admin'], route.url).toContain(route.access);
      if (route.access === 'staff') expect(route.method, route.url).toBe('GET');
    }
  });
});
