import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developerMessages } from '@owo/shared/developer-messages';
import { API_KEY_CAP } from '@owo/shared/schemas/developer';
import { createLogger } from '../src/lib/logger';
import { createDeveloperKeyService } from '../src/modules/developer/keys-service';
import { webhookSecretOf } from '../src/modules/developer/webhook-secret';
import { createTestApp, signUp, type TestApp } from './harness';
import { markVerified } from './transfers-support';

/**
 * Profile → Developer: a customer's API keys (decision 0087). Owner-only, a verified wallet to
 * create one, capped, the key shown once and never logged nor stored in the clear.
 */

/** Every line the app logs in this file, at info and above (request logs included). */
const logged: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(chunk.toString());
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logger: createLogger('info', logSink) });
});
afterAll(async () => {
  await t?.close();
});

const KEYS = '/api/developer/keys';
const list = (token: string) => t.request({ method: 'GET', url: KEYS, token });
const create = (token: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: KEYS, token, payload });
const patch = (token: string, id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: `${KEYS}/${id}`, token, payload });
const revoke = (token: string, id: string) =>
  t.request({ method: 'DELETE', url: `${KEYS}/${id}`, token });
const webhookSecret = (token: string, id: string) =>
  t.request({ method: 'GET', url: `${KEYS}/${id}/webhook-secret`, token });

async function verifiedCustomer() {
  const user = await signUp(t);
  await markVerified(t, user.id);
  return user;
}

/** The rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.deps.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const SHOP = { name: 'My shop', scopes: ['read', 'purchase'] };

describe('API keys', () => {
  it('an unverified customer cannot create one (403), and nothing is stored', async () => {
    const a = await signUp(t);
    const res = await create(a.token, SHOP);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('API_WALLET_NOT_VERIFIED');
    expect((await list(a.token)).json().data).toEqual([]);
  });

  it('create, list, change, revoke twice: the key is shown once, then only its prefix', async () => {
    const a = await verifiedCustomer();
    const made = await create(a.token, {
      name: '  My shop ',
      scopes: ['purchase', 'read'],
      allowedIps: [' 102.89.1.7 ', '10.0.0.0/8', '2001:db8::/32', '102.89.1.7'],
      webhookUrl: 'http://shop.example.com/hooks/owo',
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json().data;
    // The test deployment runs the simulators: a sandbox key.
    expect(key.secret).toMatch(/^owo_test_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'My shop',
      mode: 'test',
      prefix: key.secret.slice(0, 17),
      scopes: ['purchase', 'read'],
      allowedIps: ['102.89.1.7', '10.0.0.0/8', '2001:db8::/32'],
      webhookUrl: 'http://shop.example.com/hooks/owo',
      lastUsedAt: null,
      lastUsedIp: null,
      revokedAt: null,
    });
    expect(key.webhookSecret).toBe(webhookSecretOf(t.deps.config.sessionSecret, key._id));
    expect(key.webhookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const listed = await list(a.token);
    expect(listed.statusCode).toBe(200);
    const { secret: _secret, webhookSecret: _webhookSecret, ...shown } = key;
    expect(listed.json().data).toEqual([shown]);
    expect(listed.body).not.toContain(key.secret);
    expect(listed.body).not.toContain(key.webhookSecret);

    const secretAgain = await webhookSecret(a.token, key._id);
    expect(secretAgain.statusCode).toBe(200);
    expect(secretAgain.json().data.webhookSecret).toBe(key.webhookSecret);

    const changed = await patch(a.token, key._id, {
      name: 'Shop bot',
      allowedIps: [],
      webhookUrl: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      name: 'Shop bot',
      allowedIps: [],
      webhookUrl: null,
      scopes: ['purchase', 'read'],
    });
    // Scopes are not changed by PATCH: a new key for new scopes.
    const scopes = await patch(a.token, key._id, { scopes: ['read'] });
    expect(scopes.statusCode).toBe(400);
    expect(scopes.json().code).toBe('NOTHING_TO_UPDATE');

    const first = await revoke(a.token, key._id);
    expect(first.statusCode, first.body).toBe(200);
    const revokedAt = first.json().data.revokedAt;
    expect(revokedAt).toEqual(expect.any(String));
    t.clock.advance(60_000);
    const second = await revoke(a.token, key._id);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.revokedAt).toBe(revokedAt);

    // Listed as revoked; no longer changeable.
    expect((await list(a.token)).json().data).toMatchObject([{ _id: key._id, revokedAt }]);
    const late = await patch(a.token, key._id, { name: 'Again' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('API_KEY_REVOKED');
  });

  it("another customer's key id answers 404 everywhere and changes nothing", async () => {
    const a = await verifiedCustomer();
    const b = await verifiedCustomer();
    const key = (await create(a.token, SHOP)).json().data;
    for (const res of [
      await patch(b.token, key._id, { name: 'Mine now' }),
      // The owner check comes before the body's: a bad body is still 404.
      await patch(b.token, key._id, { name: '' }),
      await revoke(b.token, key._id),
      await webhookSecret(b.token, key._id),
      await revoke(b.token, 'not-a-uuid'),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await list(b.token)).json().data).toEqual([]);
    expect((await list(a.token)).json().data).toMatchObject([
      { _id: key._id, name: 'My shop', revokedAt: null },
    ]);
    expect((await t.request({ method: 'GET', url: KEYS })).statusCode).toBe(401);
  });

  it.each([
    ['an empty name', { ...SHOP, name: '   ' }, developerMessages.nameRequired],
    ['a long name', { ...SHOP, name: 'x'.repeat(61) }, developerMessages.nameTooLong],
    ['no scopes', { ...SHOP, scopes: [] }, developerMessages.scopesRequired],
    ['an unknown scope', { ...SHOP, scopes: ['read', 'admin'] }, developerMessages.scopeUnknown],
    [
      'a bad address',
      { ...SHOP, allowedIps: ['1.2.3.4', '300.1.1.1'] },
      developerMessages.ipInvalid,
    ],
    ['a hostname', { ...SHOP, allowedIps: ['example.com'] }, developerMessages.ipInvalid],
    ['a bad prefix', { ...SHOP, allowedIps: ['10.0.0.0/33'] }, developerMessages.ipInvalid],
    ['a bad v6 prefix', { ...SHOP, allowedIps: ['2001:db8::/129'] }, developerMessages.ipInvalid],
    ['two slashes', { ...SHOP, allowedIps: ['10.0.0.0/8/8'] }, developerMessages.ipInvalid],
    [
      '21 addresses',
      { ...SHOP, allowedIps: Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`) },
      developerMessages.tooManyIps,
    ],
    ['a bad URL', { ...SHOP, webhookUrl: 'not a url' }, developerMessages.webhookUrlInvalid],
    [
      'an ftp URL',
      { ...SHOP, webhookUrl: 'ftp://x.example.com/' },
      developerMessages.webhookUrlInvalid,
    ],
  ])('refuses %s with a 400 and stores nothing', async (_case, payload, message) => {
    const a = await verifiedCustomer();
    const res = await create(a.token, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect((await list(a.token)).json().data).toEqual([]);
  });

  it('refuses a bad address or URL on PATCH too, leaving the key as it was', async () => {
    const a = await verifiedCustomer();
    const key = (await create(a.token, { ...SHOP, allowedIps: ['1.2.3.4'] })).json().data;
    const bad = await patch(a.token, key._id, { allowedIps: ['1.2.3.4/40'] });
    expect(bad.statusCode).toBe(400);
    expect((await patch(a.token, key._id, { webhookUrl: 'nope' })).statusCode).toBe(400);
    expect((await list(a.token)).json().data).toMatchObject([
      { allowedIps: ['1.2.3.4'], webhookUrl: null },
    ]);
  });

  it(`the ${API_KEY_CAP + 1}th live key is refused (409); revoking one makes room`, async () => {
    const a = await verifiedCustomer();
    const made = [];
    for (let i = 0; i < API_KEY_CAP; i += 1) {
      const res = await create(a.token, { ...SHOP, name: `Key ${i}` });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json().data);
    }
    const over = await create(a.token, { ...SHOP, name: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('API_KEYS_FULL');
    expect((await revoke(a.token, made[0]._id)).statusCode).toBe(200);
    expect((await create(a.token, { ...SHOP, name: 'Now fits' })).statusCode).toBe(201);
    expect((await list(a.token)).json().data).toHaveLength(API_KEY_CAP + 1);
  });

  it('a live deployment issues live keys and posts webhooks only over https', async () => {
    const a = await verifiedCustomer();
    const live = createDeveloperKeyService({
      database: t.deps.database,
      clock: t.clock,
      config: { ...t.deps.config, providerMode: 'live' },
    });
    await expect(
      live.create(a.id, { name: 'Live', scopes: ['read'], webhookUrl: 'http://shop.example.com/' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: developerMessages.webhookUrlHttps,
    });
    const made = await live.create(a.id, {
      name: 'Live',
      scopes: ['read'],
      webhookUrl: 'https://shop.example.com/',
    });
    expect(made.data.mode).toBe('live');
    expect(made.data.secret).toMatch(/^owo_live_/);
    const key = made.data._id;
    await expect(
      live.update(a.id, key, { webhookUrl: 'http://shop.example.com/' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('the key appears neither in the logs nor in the database', async () => {
    const a = await verifiedCustomer();
    const from = logged.length;
    const made = await create(a.token, SHOP);
    expect(made.statusCode).toBe(201);
    const { secret, webhookSecret: whsec, _id } = made.json().data;
    // The key used as a bearer token: refused on the app's routes (a key is no session),
    // accepted by the public API.
    for (const [url, status] of [
      [KEYS, 401],
      ['/api/v1/balance', 200],
    ] as const) {
      const res = await t.request({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(res.statusCode, res.body).toBe(status);
    }
    // And anything that ever logs a request's headers or a creation reply is censored.
    t.app.log.info({ req: { headers: { authorization: `Bearer ${secret}` } } }, 'headers');
    t.app.log.info({ reply: { data: { secret, webhookSecret: whsec } } }, 'reply');
    const lines = logged.slice(from).join('');
    expect(lines).toContain('incoming request');
    expect(lines).toContain('[redacted]');
    expect(lines).not.toContain(secret);
    expect(lines).not.toContain(secret.slice(9));
    expect(lines).not.toContain(whsec);

    const rows = await rowsOf<{ row: string }>(
      sql`select row_to_json(k)::text as row from api_keys k where k.id = ${_id}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.row).toContain(secret.slice(0, 17));
    expect(rows[0]?.row).not.toContain(secret);
    // Every row of every table, as text.
    const tables = await rowsOf<{ table_schema: string; table_name: string }>(
      sql`select table_schema, table_name from information_schema.tables
          where table_type = 'BASE TABLE'
            and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    let dumped = '';
    for (const table of tables) {
      const [all] = await rowsOf<{ dump: string }>(
        sql`select coalesce(string_agg(row_to_json(x)::text, E'\n'), '') as dump from ${sql.identifier(table.table_schema)}.${sql.identifier(table.table_name)} x`,
      );
      dumped += all?.dump ?? '';
    }
    expect(dumped).toContain(_id);
    expect(dumped).not.toContain(secret);
    expect(dumped).not.toContain(secret.slice(17));
    expect(dumped).not.toContain(whsec);
  });
});
