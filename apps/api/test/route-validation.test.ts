import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/errors';
import { refusedAs, zodValidatorCompiler, type ZodTypeProvider } from '../src/lib/route-validation';
import { registerErrorHandler } from '../src/plugins/error-handler';

const modulesDir = path.resolve(import.meta.dirname, '../src/modules');

/** Every file that registers routes: routes.ts and *-routes.ts under src/modules. */
function routeFiles(): string[] {
  return readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|[/-])routes\.ts$/.test(file))
    .map((file) => path.join(modulesDir, file));
}

describe('one schema per route, checked by fastify', () => {
  it('no route handler validates by hand with parse(): the route schema is the check', () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(25);
    const offenders = files.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return /lib\/validate['"]/.test(text) || /(^|[^.\w])parse\(/m.test(text);
    });
    expect(offenders.map((file) => path.relative(modulesDir, file))).toEqual([]);
  });

  /** A tiny app with the API's validator and error handler: the replies the spec words. */
  async function appWith(schema: Record<string, z.core.$ZodType>) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(zodValidatorCompiler);
    registerErrorHandler(app);
    app.post('/things/:id', { schema }, async (request) => ({
      body: request.body,
      query: request.query,
      params: request.params,
    }));
    await app.ready();
    return app;
  }

  const body = zm.strictObject({
    amount: zm.number().check(zm.minimum(50, 'Enter at least ₦50.')),
    note: zm._default(zm.optional(zm.string()), 'none'),
  });

  it('words a failing body as parse() does: the first problem, VALIDATION_FAILED, 400', async () => {
    const app = await appWith({ body });
    const send = (payload: unknown) =>
      app.inject({ method: 'POST', url: '/things/1', payload: payload as object });
    const low = await send({ amount: 10 });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Enter at least ₦50.',
    });
    expect((await send({})).json().message).toBe('amount is required.');
    expect((await send({ amount: 60, x: 1 })).json().message).toBe('Unknown field: x');
    expect((await send([1, 2])).json().message).toBe('The request body must be a JSON object.');
    await app.close();
  });

  it('hands the handler the parsed output, defaults applied, and an absent body as {}', async () => {
    const app = await appWith({
      body: z.object({ overrideCap: z.boolean().optional() }),
      querystring: z.object({ page: z.coerce.number().int().min(1).default(1) }),
    });
    const res = await app.inject({ method: 'POST', url: '/things/1?page=3' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ body: {}, query: { page: 3 } });
    const bad = await app.inject({ method: 'POST', url: '/things/1?page=0', payload: {} });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'page is too small.' });
    await app.close();
  });

  it('a schema marked refusedAs answers its own error (a malformed id: 404)', async () => {
    const params = refusedAs(z.object({ id: z.uuid() }), () => new AppError('NOT_FOUND'));
    const app = await appWith({ params });
    const res = await app.inject({ method: 'POST', url: '/things/not-a-uuid', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    await app.close();
  });

  it('refuses a route schema part that is not zod when the route is registered', async () => {
    const app = Fastify();
    app.setValidatorCompiler(zodValidatorCompiler);
    app.post('/x', { schema: { body: { type: 'object' } } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(/must be a zod schema/);
  });
});
