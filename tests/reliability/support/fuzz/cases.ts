import fc from 'fast-check';
import { z } from 'zod';
import type { ApiRoute } from '../../../../apps/api/src/app';
import { multipart } from '../../../../apps/api/test/multipart';
import { baseFor } from './base-values';
import { EXTRA_KEYS, FIELD_KINDS, PROTO_KEYS, fieldValue, type FieldKind } from './hostile-values';
import { multipartCases, type Images } from './multipart-cases';
import type { RouteInputs } from './route-inputs';
import {
  BODY_LIMIT,
  encodeText,
  queryString,
  serverParam,
  serverQuery,
  type QueryValue,
} from './wire';

/**
 * How a request must be answered:
 * - refused: it is malformed in at least one way the route checks, so a 4xx;
 * - read-only: it reaches a route that only reads (a 2xx is fine; the phase's database check
 *   proves nothing was written);
 * - judged: it may be accepted (hostile but well-formed values, routes that read no input):
 *   judged on its own, with a database snapshot before and after it.
 */
export type Expectation = 'refused' | 'read-only' | 'judged';

export interface FuzzCase {
  route: string;
  category: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  expect: Expectation;
}

/** What the fuzzer builds a route's requests from. */
export interface RouteContext {
  key: string;
  route: ApiRoute;
  inputs: RouteInputs;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  params: Record<string, string>;
  images: Images;
}

/** The id a well-formed request names when nothing real is needed (it names nothing). */
export const NOBODY_ID = '3f1c2a9e-7b4d-4e8a-9c1f-0a2b3c4d5e6f';

export function routeContext(
  route: ApiRoute,
  inputs: RouteInputs,
  images: Images,
  realParams: Record<string, string>,
  seed: number,
): RouteContext {
  const key = `${route.method} ${route.url}`;
  const params: Record<string, string> = {};
  for (const name of route.url.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? []) {
    const loose = inputs.looseParams?.[name];
    params[name] = realParams[name] ?? (loose && loose !== 'uuid' ? loose : undefined) ?? NOBODY_ID;
  }
  const textBase = (schema: z.core.$ZodType) =>
    baseFor(schema, true, seed, (name) => (params[name] ? [params[name]] : [])).value as Record<
      string,
      string
    >;
  return {
    key,
    route,
    inputs,
    params,
    images,
    body: inputs.body ? baseFor(inputs.body, false, seed).value : undefined,
    query: inputs.query ? textBase(inputs.query) : undefined,
  };
}

const REFUSED = Symbol('refused');
type View<T> = T | typeof REFUSED;

interface Parts {
  category: string;
  /** Raw path segments by parameter name (already percent-encoded). */
  params?: Record<string, string>;
  rawQuery?: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** What the handler's request.body is: parsed JSON, a string, {} or refused by the parser. */
  body?: View<unknown>;
  /** The request is malformed by construction (broken multipart, bad signature...). */
  broken?: boolean;
}

const accepts = (schema: z.core.$ZodType | undefined, value: unknown) =>
  !schema || z.safeParse(schema, value).success;

/** The expectation of a built request, judged with the route's own schemas. */
function expectationOf(ctx: RouteContext, parts: Parts): Expectation {
  const { inputs, route } = ctx;
  const unbroken: Expectation =
    route.method === 'GET' && !inputs.writesWithoutInput ? 'read-only' : 'judged';
  if (parts.broken) return 'refused';
  const params: Record<string, string> = {};
  for (const [name, raw] of Object.entries(parts.params ?? {})) {
    const decoded = serverParam(raw);
    if (decoded === null || decoded === '') return 'refused';
    params[name] = decoded;
  }
  if (inputs.params && !accepts(inputs.params, params)) return 'refused';
  if (inputs.idempotent && parts.headers?.['idempotency-key'] !== undefined) {
    if (!/^[A-Za-z0-9_.:-]{8,128}$/.test(parts.headers['idempotency-key'])) return 'refused';
  }
  if (inputs.query && !accepts(inputs.query, serverQuery(parts.rawQuery ?? ''))) return 'refused';
  // GET bodies are not read; every other method's body goes through the content parsers first.
  if (route.method !== 'GET') {
    if (parts.body === REFUSED) return 'refused';
    // Uploads and the webhook only ever get broken bodies from the fuzzer.
    if (inputs.upload || inputs.rawBody) return 'refused';
    if (inputs.body && !accepts(inputs.body, parts.body ?? {})) return 'refused';
  }
  return unbroken;
}

function build(ctx: RouteContext, parts: Parts): FuzzCase {
  const segments = {
    ...Object.fromEntries(Object.entries(ctx.params).map(([k, v]) => [k, encodeText(v)])),
    ...parts.params,
  };
  const path = ctx.route.url.replace(/:(\w+)/g, (_, name: string) => segments[name] ?? '');
  const rawQuery = parts.rawQuery ?? (ctx.query ? queryString(ctx.query) : '');
  return {
    route: ctx.key,
    category: parts.category,
    method: ctx.route.method,
    url: rawQuery ? `${path}?${rawQuery}` : path,
    headers: parts.headers ?? {},
    payload: parts.payload,
    expect: expectationOf(ctx, {
      ...parts,
      params: segments,
      rawQuery,
    }),
  };
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** A JSON body as sent and as parsed by the server (a body over the limit is refused: 413). */
function jsonBody(value: unknown): Pick<Parts, 'payload' | 'body' | 'headers'> {
  const payload = JSON.stringify(value) ?? 'null';
  const parsed: unknown = JSON.parse(payload);
  return {
    payload,
    headers: { ...JSON_TYPE },
    body: Buffer.byteLength(payload) > BODY_LIMIT ? REFUSED : (parsed ?? undefined),
  };
}

const withField = (base: Record<string, unknown>, name: string, value: unknown) => ({
  ...base,
  [name]: value,
});

// ------------------------------------------------------------------ body

function bodyFieldCase(ctx: RouteContext, name: string, kind: FieldKind) {
  const base = ctx.body ?? {};
  return fc.tuple(fieldValue(kind, base[name]), fc.boolean()).map(([value, extra]) => {
    const body = withField(base, name, value);
    if (extra) body.isAdmin = true;
    return build(ctx, { category: `body:${kind}`, ...jsonBody(body) });
  });
}

function bodyCases(ctx: RouteContext): fc.Arbitrary<FuzzCase>[] {
  const base = ctx.body ?? {};
  const fields = Object.keys(base).length > 0 ? Object.keys(base) : ['amount'];
  const out: fc.Arbitrary<FuzzCase>[] = [];
  // The field mutations weigh most (see routeArbitraries): one per field and kind, many times.
  const fieldMutation = fc
    .tuple(fc.constantFrom(...fields), fc.constantFrom(...FIELD_KINDS))
    .chain(([name, kind]) => bodyFieldCase(ctx, name, kind));
  out.push(
    fieldMutation,
    fieldMutation,
    fieldMutation,
    fieldMutation,
    fieldMutation,
    fieldMutation,
  );
  // Missing fields: one, several or all.
  out.push(
    fc.subarray(fields, { minLength: 1 }).map((gone) => {
      const body = { ...base };
      for (const name of gone) delete body[name];
      return build(ctx, { category: 'body:missing', ...jsonBody(body) });
    }),
  );
  // Extra fields the schema does not know, with hostile values.
  out.push(
    fc
      .tuple(
        fc.constantFrom(...EXTRA_KEYS),
        fc.constantFrom(...FIELD_KINDS).chain((kind) => fieldValue(kind, 'x')),
      )
      .map(([key, value]) =>
        build(ctx, { category: 'body:extra-field', ...jsonBody(withField(base, key, value)) }),
      ),
  );
  // Prototype-pollution keys, written as JSON text (an object literal would not keep them).
  out.push(
    fc
      .tuple(
        fc.constantFrom(...PROTO_KEYS),
        fc.constantFrom('{"role":"admin"}', '{"prototype":{"isAdmin":true}}', '1'),
      )
      .map(([key, value]) => {
        const text = JSON.stringify(base);
        const payload =
          text === '{}' ? `{"${key}":${value}}` : `{"${key}":${value},${text.slice(1)}`;
        // secure-json-parse (Fastify's JSON parser) refuses __proto__ and constructor.prototype;
        // any other such key is an ordinary unknown field.
        const poisoned =
          key === '__proto__' || (key === 'constructor' && value.includes('"prototype"'));
        return build(ctx, {
          category: 'body:prototype-key',
          payload,
          headers: { ...JSON_TYPE },
          body: poisoned ? REFUSED : JSON.parse(payload),
        });
      }),
  );
  // A body that is not an object.
  out.push(
    fc
      .constantFrom('[]', '"text"', '123', 'true', 'null', '[{"amount":1}]', '-1e308')
      .map((payload) =>
        build(ctx, {
          category: 'body:not-an-object',
          payload,
          headers: { ...JSON_TYPE },
          body: JSON.parse(payload) ?? undefined,
        }),
      ),
  );
  out.push(...transportCases(ctx, base));
  return out;
}

/** Content types, broken JSON, empty and oversized bodies: refused before any schema runs. */
function transportCases(ctx: RouteContext, base: Record<string, unknown>) {
  const text = JSON.stringify(base);
  return [
    fc
      .constantFrom(
        { type: 'text/plain', body: text as unknown },
        { type: 'text/plain; charset=utf-8', body: text },
        { type: 'application/x-www-form-urlencoded', body: REFUSED },
        { type: 'application/xml', body: REFUSED },
        { type: 'application/octet-stream', body: REFUSED },
        { type: 'image/png', body: REFUSED },
        { type: 'application/jsonx', body: REFUSED },
        { type: 'json', body: REFUSED },
        // Fastify's JSON parser ignores the charset: read as UTF-8, an ordinary body.
        { type: 'application/json; charset=utf-16', body: base as unknown },
      )
      .map(({ type, body }) =>
        build(ctx, {
          category: 'content-type',
          payload: type.includes('urlencoded') ? 'amount=100&transactionPin=1234' : text,
          headers: { 'content-type': type },
          body,
        }),
      ),
    fc.constant(null).map(() => {
      const form = multipart(Object.entries(base).map(([name, v]) => ({ name, data: String(v) })));
      // @fastify/multipart leaves request.body unset: the route parses {} (or reads the file).
      return build(ctx, {
        category: 'content-type:multipart-on-json',
        payload: form.payload,
        headers: form.headers,
        body: undefined,
      });
    }),
    fc
      .constantFrom(
        text.slice(0, Math.max(1, text.length - 2)),
        `${text.slice(0, -1)},}`,
        text === '{}' ? "{'a':1}" : text.replaceAll('"', "'"),
        `/* c */${text}`,
        '{"amount": NaN}',
        '{"amount": Infinity}',
        '{amount: 100}',
        '{"a":1}{"b":2}',
        '\u0000',
        '{"a":"\\u00"}',
        '['.repeat(40_000),
      )
      .map((payload) =>
        build(ctx, {
          category: 'invalid-json',
          payload,
          headers: { ...JSON_TYPE },
          body: REFUSED,
        }),
      ),
    fc
      .constantFrom('', ' ', '\n')
      .map((payload) =>
        build(ctx, { category: 'empty-body', payload, headers: { ...JSON_TYPE }, body: REFUSED }),
      ),
    fc.constantFrom(BODY_LIMIT + 1, 200_000).map((size) =>
      build(ctx, {
        category: 'oversized-body',
        payload: JSON.stringify({ ...base, padding: 'x'.repeat(size) }),
        headers: { ...JSON_TYPE },
        body: REFUSED,
      }),
    ),
  ];
}

// ------------------------------------------------------------------ query

const MALFORMED_QUERIES = ['%', '%E0%A4%A', '%ZZ', '&&&', '=', '==1', 'a=%00', '%00=1', '&=&='];

function queryCases(ctx: RouteContext): fc.Arbitrary<FuzzCase>[] {
  const base = ctx.query ?? {};
  const fields = Object.keys(base).length > 0 ? Object.keys(base) : ['page'];
  const asQueryValue = (v: unknown): QueryValue =>
    Array.isArray(v)
      ? v.map((x) => String(x))
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);
  const fieldMutation = fc
    .tuple(fc.constantFrom(...fields), fc.constantFrom(...FIELD_KINDS))
    .chain(([name, kind]) =>
      fieldValue(kind, base[name] ?? '1').map((value) =>
        build(ctx, {
          category: `query:${kind}`,
          rawQuery: queryString({ ...base, [name]: asQueryValue(value) }),
        }),
      ),
    );
  return [
    fieldMutation,
    fieldMutation,
    fieldMutation,
    fieldMutation,
    fc.subarray(fields, { minLength: 1 }).map((gone) => {
      const query = { ...base };
      for (const name of gone) delete query[name];
      return build(ctx, { category: 'query:missing', rawQuery: queryString(query) });
    }),
    fc
      .tuple(fc.constantFrom(...fields), fc.constantFrom(...MALFORMED_QUERIES))
      .map(([name, junk]) =>
        build(ctx, {
          category: 'query:malformed',
          rawQuery: `${queryString(base)}&${junk}&${encodeText(name)}=${junk}`,
        }),
      ),
    fc
      .tuple(
        fc.constantFrom(...fields),
        fc.array(fc.constantFrom('1', '', 'x', '%00'), { minLength: 2, maxLength: 5 }),
      )
      .map(([name, values]) =>
        build(ctx, {
          category: 'query:repeated-key',
          rawQuery: queryString({ ...base, [name]: values }),
        }),
      ),
  ];
}

/** Junk query parameters on a route that reads none (they must be ignored or refused). */
function junkQueryCase(ctx: RouteContext) {
  return fc
    .tuple(fc.constantFrom(...EXTRA_KEYS, 'page'), fc.constantFrom(...FIELD_KINDS))
    .chain(([name, kind]) =>
      fieldValue(kind, '1').map((value) =>
        build(ctx, {
          category: `query:${kind}`,
          rawQuery: `${encodeText(name)}=${encodeText(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`,
        }),
      ),
    );
}

// ------------------------------------------------------------------ params

const BAD_IDS = [
  'not-a-uuid',
  "1'%20OR%20'1'%3D'1",
  '1%3B%20drop%20table%20users',
  'x'.repeat(101),
  'x'.repeat(5000),
  '%00',
  'abc%00def',
  '%E0%A4%A',
  '%ED%A0%80',
  '%F0%9F%92%B8',
  '%E2%80%AE',
  '..%2F..%2Fetc%2Fpasswd',
  '-1',
  '0',
  '1e308',
  '99999999999999999999',
  'null',
  'undefined',
  '%20',
  'SWP-%00%00%00%00%00%00%00%00',
  'swp-abcdefgh',
  NOBODY_ID.toUpperCase(),
  `${NOBODY_ID}%20`,
  `${NOBODY_ID}x`,
  NOBODY_ID.replaceAll('-', ''),
  '00000000-0000-0000-0000-000000000000',
];

function paramCases(ctx: RouteContext): fc.Arbitrary<FuzzCase>[] {
  const names = Object.keys(ctx.params);
  if (names.length === 0) return [];
  return [
    fc.tuple(fc.constantFrom(...names), fc.constantFrom(...BAD_IDS)).map(([name, raw]) =>
      build(ctx, {
        category: 'params',
        params: { [name]: raw },
        ...(ctx.route.method === 'GET' ? {} : bodyForParamCase(ctx)),
      }),
    ),
  ];
}

/** A param case sends the route's well-formed body (uploads: no file at all). */
function bodyForParamCase(ctx: RouteContext): Partial<Parts> {
  if (ctx.inputs.upload || ctx.inputs.rawBody)
    return { payload: '', body: undefined, broken: true };
  return jsonBody(ctx.body ?? {});
}

// ------------------------------------------------------------------ headers

const BAD_KEYS = [
  'short',
  'x'.repeat(200),
  'ключ-ключ-ключ',
  'a b c d e f g h',
  'key%00key',
  '****####',
];

function idempotencyCases(ctx: RouteContext): fc.Arbitrary<FuzzCase>[] {
  if (!ctx.inputs.idempotent) return [];
  return [
    fc.constantFrom(...BAD_KEYS).map((key) =>
      build(ctx, {
        category: 'header:idempotency-key',
        ...jsonBody(ctx.body ?? {}),
        headers: { ...JSON_TYPE, 'idempotency-key': key },
      }),
    ),
  ];
}

// ------------------------------------------------------------------ webhook

function webhookCases(ctx: RouteContext): fc.Arbitrary<FuzzCase>[] {
  const bodies = fc.oneof(
    fc.json(),
    fc.constantFrom(
      '{"orderNo":"x","orderStatus":2,"amount":100000000,"sign":"bogus"}',
      '{"sign":""}',
      'success',
      '',
      '\u0000',
      'x'.repeat(70_000),
    ),
    fc
      .tuple(fc.constantFrom(...FIELD_KINDS), fc.constantFrom('orderNo', 'sign', 'amount'))
      .chain(([kind, field]) =>
        fieldValue(kind, 'x').map((value) => JSON.stringify({ [field]: value, sign: 'AAAA' })),
      ),
  );
  return [
    fc
      .tuple(
        bodies,
        fc.constantFrom('application/json', 'text/plain', 'application/xml', 'multipart/form-data'),
      )
      .map(([payload, type]) =>
        build(ctx, {
          category: 'webhook:unsigned',
          payload,
          headers: { 'content-type': type },
          broken: true,
        }),
      ),
  ];
}

// ------------------------------------------------------------------ all of a route

/** Every kind of malformed request that applies to the route. */
export function routeArbitraries(ctx: RouteContext): fc.Arbitrary<FuzzCase>[] {
  const { inputs, route } = ctx;
  const out: fc.Arbitrary<FuzzCase>[] = [];
  if (inputs.rawBody) return webhookCases(ctx);
  if (inputs.upload) {
    out.push(
      ...multipartCases(ctx.images, inputs.upload).map((arb) =>
        arb.map((parts) => build(ctx, { ...parts, broken: true })),
      ),
      fc.constant(null).map(() =>
        build(ctx, {
          category: 'content-type:json-on-upload',
          ...jsonBody({ image: 'x' }),
          broken: true,
        }),
      ),
    );
  } else if (route.method !== 'GET') {
    out.push(...bodyCases(ctx));
  }
  if (inputs.query) out.push(...queryCases(ctx));
  else out.push(junkQueryCase(ctx));
  out.push(...paramCases(ctx), ...idempotencyCases(ctx));
  return out;
}
