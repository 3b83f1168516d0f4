import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, type TestApp } from './harness';

/** The document's operations as "METHOD /path" with fastify's :param written {param}. */
function documentedOperations(doc: { paths?: Record<string, Record<string, unknown>> }) {
  const keys: string[] = [];
  for (const [url, item] of Object.entries(doc.paths ?? {}))
    for (const method of Object.keys(item))
      if (method !== 'parameters') keys.push(`${method.toUpperCase()} ${url}`);
  return keys.sort();
}

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is a valid OpenAPI 3 document, served without a session', async () => {
    const res = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route of the route table, and nothing else', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const table = t.app.routeTable
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    expect(table.length).toBeGreaterThan(80);
    expect(documentedOperations(doc)).toEqual(table);
  });

  it('documents request bodies and queries from the shared zod schemas', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const login = doc.paths['/api/auth/login'].post;
    const body = login.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['email', 'password']));
    const history = doc.paths['/api/transactions'].get;
    const names = history.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
    expect(names).toEqual(expect.arrayContaining(['query:page', 'query:limit', 'query:search']));
    const role = doc.paths['/api/admin/users/{id}/role'].patch;
    // Signed-in routes name the bearer token; public ones do not.
    expect(role.security).toEqual([{ bearer: [] }]);
    expect(history.security).toEqual([{ bearer: [] }]);
    expect(login.security).toBeUndefined();
    expect(doc.components.securitySchemes.bearer.scheme).toBe('bearer');
    expect(role.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id', required: true })]),
    );
  });

  it('documents the balance, purchase and history replies from their zod schemas', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const reply = (path: string, method: string) =>
      doc.paths[path][method].responses['200'].content['application/json'].schema;
    expect(reply('/api/user', 'get').properties.data.properties.accountBalance.type).toBe('number');
    const purchase = reply('/api/transactions/airtime', 'post');
    expect(purchase.properties.status.enum).toEqual(['success', 'pending', 'failed']);
    expect(purchase.properties.data.required).toEqual(expect.arrayContaining(['reference']));
    expect(Object.keys(reply('/api/transactions', 'get').properties.pagination.properties)).toEqual(
      ['page', 'limit', 'total', 'pages'],
    );
  });
});
