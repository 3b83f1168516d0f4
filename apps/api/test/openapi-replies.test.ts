import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { OPERATIONS_WITHOUT_SUCCESS_REPLY } from './support/undeclared-replies';

interface Operation {
  security?: unknown[];
  summary?: string;
  parameters?: { in: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

/** "METHOD /path" of each operation of the document, with the operation. */
function operations(doc: { paths: Record<string, Record<string, Operation>> }) {
  return Object.entries(doc.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${url}`,
      url,
      op,
    })),
  );
}

const jsonSchema = (op: Operation, status: string) =>
  op.responses?.[status]?.content?.['application/json']?.schema;

/** The shared error body: { success: false, code, message, data }. */
function isErrorReply(schema: Record<string, unknown> | undefined) {
  const properties = schema?.properties as
    Record<string, { const?: unknown; enum?: unknown[] }> | undefined;
  // OpenAPI 3.0 output writes zod's literal as a one-value enum.
  const success = properties?.success;
  return (
    (success?.const === false || (success?.enum?.length === 1 && success.enum[0] === false)) &&
    ['code', 'message', 'data'].every((name) => name in (properties ?? {}))
  );
}

describe('every operation of /api/openapi.json declares its replies', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(async () => t?.close());

  it('declares the error replies its guards, input and path can answer, with the error body', () => {
    const missing: string[] = [];
    for (const { key, url, op } of operations(doc)) {
      const route = t.app.routeTable.find(
        (r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}` === key,
      );
      const expected = ['default'];
      const takesInput =
        Boolean(op.requestBody) || (op.parameters ?? []).length > 0 || url.includes('{');
      if (takesInput) expected.push('400');
      if (route?.access !== 'public') expected.push('401');
      if (route?.access === 'staff' || route?.access === 'admin') expected.push('403');
      if (url.includes('{')) expected.push('404');
      for (const status of expected)
        if (!isErrorReply(jsonSchema(op, status))) missing.push(`${key} ${status}`);
    }
    expect(missing).toEqual([]);
  });

  it('declares a success reply, except the operations still listed as lacking one', () => {
    const lacking = operations(doc)
      .filter(({ op }) => {
        const success = Object.keys(op.responses ?? {}).filter((status) => /^2\d\d$/.test(status));
        return !success.some((status) => jsonSchema(op, status));
      })
      .map(({ key }) => key)
      .sort();
    // A new route must declare its reply; one that gains a reply leaves the list.
    expect(lacking).toEqual([...OPERATIONS_WITHOUT_SUCCESS_REPLY].sort());
  });

  it('declares 429 on the routes a limiter can refuse', () => {
    for (const key of [
      'POST /api/auth/login',
      'POST /api/auth/request-otp',
      'POST /api/transfers',
      'POST /api/vtpass/verify-meter-number',
      'POST /api/deposit/bank-transfer',
      'POST /api/user/change-password',
    ]) {
      const [method, url] = key.split(' ') as [string, string];
      const op = doc.paths[url]?.[method.toLowerCase()];
      expect(isErrorReply(op && jsonSchema(op, '429')), key).toBe(true);
    }
  });
});
