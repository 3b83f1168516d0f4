import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@owo/shared/messages';
import { buildApp } from '../src/app';
import { sandboxProviders } from '../src/sandbox-providers';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { errorCatalogue } from '../src/errors';
import { manualClock } from '../src/lib/clock';
import { createTestApp, signUp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('system routes', () => {
  it('GET /api/health answers 200', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, status: 'ok' });
  });

  it('GET /api/ready answers 200 once migrated', async () => {
    const res = await t.request({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, status: 'ready' });
  });
});

describe('errors as JSON', () => {
  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api'],
    ['POST', '/api/user/nothing-here'],
    ['DELETE', '/api/user'],
    ['GET', '/uploads/avatars/x/y.webp'],
    ['GET', '/some/client/route'],
  ] as const)('%s %s answers 404 JSON', async (method, url) => {
    const res = await t.request({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: messages.notFound,
      data: { message: messages.notFound },
    });
  });

  it.each(['{"email":', '{email: "a@b.co"}', 'null,', '{"a":1}}'])(
    'answers 400, never 500, for the malformed JSON %j',
    async (body) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'INVALID_JSON',
        message: errorCatalogue.INVALID_JSON.message,
      });
    },
  );

  it('answers 400 for an empty JSON body and for prototype poisoning', async () => {
    for (const body of ['', '{"__proto__":{"role":"admin"},"email":"a@b.co","password":"x"}']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(errorCatalogue.INVALID_JSON.message);
    }
  });

  it('answers 415 for a content type no route reads, and changes nothing', async () => {
    const { token } = await signUp(t);
    const before = (await t.request({ method: 'GET', url: '/api/user', token })).json().data;
    for (const type of ['application/xml', 'application/x-www-form-urlencoded']) {
      const res = await t.request({
        method: 'PATCH',
        url: '/api/user/update',
        token,
        payload: type === 'application/xml' ? '<u><firstName>X</firstName></u>' : 'firstName=X',
        headers: { 'content-type': type },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: errorCatalogue.UNSUPPORTED_MEDIA_TYPE.message,
      });
    }
    expect((await t.request({ method: 'GET', url: '/api/user', token })).json().data).toEqual(
      before,
    );
  });

  it('answers 4xx for plain text sent to a JSON route', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":"a@b.co","password":"Str0ng!pass"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().success).toBe(false);
  });

  it('answers 413 for a JSON body over the limit', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(70 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      success: false,
      message: errorCatalogue.PAYLOAD_TOO_LARGE.message,
    });
  });
});

describe('x-request-id', () => {
  it('is on every reply: 200, 400, 401, 404', async () => {
    const replies = await Promise.all([
      t.request({ method: 'GET', url: '/api/health' }),
      t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
      t.request({ method: 'GET', url: '/api/user' }),
      t.request({ method: 'GET', url: '/api/nope' }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 400, 401, 404]);
    const ids = replies.map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('echoes a well-formed id from the caller and replaces a malformed one', async () => {
    const given = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-abc12345' },
    });
    expect(given.headers['x-request-id']).toBe('trace-abc12345');
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(65), 'bad\u00e9chars1']) {
      const res = await t.request({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': bad },
      });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });
});

describe('a 5xx never leaks internals', () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;

  beforeAll(async () => {
    // Its own app, so extra failing routes can be added before it is ready.
    dataDir = mkdtempSync(path.join(tmpdir(), 'owo-http-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    });
    database = openDatabase({});
    await database.migrate();
    app = await buildApp({
      config,
      database,
      clock: manualClock(),
      mailer: { send: async () => {} },
      logger: pino({ level: 'silent' }),
      // Never called here: these tests do not buy anything.
      providers: sandboxProviders(
        {
          vtpass: 'http://127.0.0.1:9/vtpass/api/',
          datastation: 'http://127.0.0.1:9/datastation/',
          ogdams: 'http://127.0.0.1:9/ogdams/api/v1/',
          palmpay: 'http://127.0.0.1:9/palmpay/',
          safehaven: 'http://127.0.0.1:9/safehaven/',
        },
        config,
      ),
    });
    app.get('/api/test/throws', async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2 at /srv/app/db.ts:42');
    });
    app.get('/api/test/bad-sql', async () => {
      await database.db.execute(sql`select secret_column from secret_table_name`);
      return { ok: true };
    });
    app.get('/api/test/rejects-object', async () => {
      throw Object.assign(new Error('upstream said: token sk_live_123'), {
        statusCode: 502,
        code: 'E_UPSTREAM',
      });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['/api/test/throws', '/api/test/bad-sql', '/api/test/rejects-object'])(
    '%s answers 500 with the generic message only',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(res.json()).toEqual({
        success: false,
        code: 'INTERNAL',
        message: messages.internalError,
        data: { message: messages.internalError },
      });
      expect(res.body).not.toMatch(/hunter2|ECONNREFUSED|secret_|sk_live|stack|\.ts/);
    },
  );
});
