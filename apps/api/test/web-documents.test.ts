import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

// The web build writes index.html for every client route and home.html, the same page with the
// home screen prerendered into it (apps/web/scripts/prerender-landing.ts), for /home only.
describe('the documents the API sends for client routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    const web = mkdtempSync(path.join(tmpdir(), 'owo-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><p>index</p>');
    writeFileSync(path.join(web, 'home.html'), '<!doctype html><p>home</p>');
    t = await createTestApp({ WEB_DIST_DIR: web });
  });
  afterAll(() => t.close());

  it('sends home.html for /home, with or without a query', async () => {
    for (const url of ['/home', '/home?from=pin']) {
      const reply = await t.request({ method: 'GET', url });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^text\/html/);
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(reply.body).toContain('<p>home</p>');
    }
  });

  it('sends index.html for every other client route', async () => {
    for (const url of ['/', '/data', '/transactions', '/home/extra', '/homes']) {
      const reply = await t.request({ method: 'GET', url });
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toContain('<p>index</p>');
    }
  });

  it('still answers unknown API paths with the JSON 404', async () => {
    const reply = await t.request({ method: 'GET', url: '/api/nothing-here' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ success: false });
  });
});
