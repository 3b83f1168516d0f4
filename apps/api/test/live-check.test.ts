import { createServer, type Server } from 'node:http';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviders } from '@owo/providers/create-providers';
import { sandboxProvidersConfig } from '@owo/providers/sandbox/providers-config';
import { sandboxBaseUrls } from '@owo/providers/sandbox/server';
import {
  formatLiveCheck,
  LIVE_CHECK_SUPPLIERS,
  liveCheckFailed,
  runLiveCheck,
} from '../src/modules/admin-cli/live-check';
import { createTestApp, type TestApp } from './harness';

/**
 * `cli live-check`: every supplier's read-only calls against the simulators, through a proxy that
 * writes down each request, so the test proves what the operator is promised — answers from every
 * supplier, and not one call that could buy, vend, debit or open anything.
 */

let t: TestApp;
const seen: string[] = [];
const proxies: Server[] = [];

/** Forwards to the sandbox and writes down METHOD path of each request. */
async function recordingProxy(target: string): Promise<string> {
  const origin = new URL(target).origin;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push(`${request.method} ${request.url}`);
      const headers = { ...request.headers } as Record<string, string>;
      delete headers.host;
      delete headers['content-length'];
      fetch(`${origin}${request.url}`, {
        method: request.method,
        headers,
        body: body === '' ? undefined : body,
      })
        .then(async (res) => {
          response.writeHead(res.status, {
            'content-type': res.headers.get('content-type') ?? 'application/json',
          });
          response.end(await res.text());
        })
        .catch(() => response.destroy());
    });
  });
  proxies.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return `http://127.0.0.1:${address.port}${new URL(target).pathname}`;
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      wrapBaseUrls: async (urls) => ({
        vtpass: await recordingProxy(urls.vtpass),
        datastation: await recordingProxy(urls.datastation),
        ogdams: await recordingProxy(urls.ogdams),
        palmpay: await recordingProxy(urls.palmpay),
        safehaven: await recordingProxy(urls.safehaven),
      }),
    },
  );
});
afterAll(async () => {
  await t.close();
  await Promise.all(proxies.map((p) => new Promise((resolve) => p.close(resolve))));
});

/** Paths that order, pay, vend, transfer or create: none may appear in a live check. */
const WRITES =
  /\/(pay|vend|topup|data\/?$|cablesub|billpayment|order\/create|create|subaccount|transfer|identity)/i;

describe('live-check', () => {
  it('asks every supplier read-only questions and reports each answer', async () => {
    seen.length = 0;
    const reports = await runLiveCheck(t.deps.providers, LIVE_CHECK_SUPPLIERS);
    expect(reports.map((r) => r.supplier)).toEqual([...LIVE_CHECK_SUPPLIERS]);
    for (const report of reports) {
      expect(report.lines.length, report.supplier).toBeGreaterThan(0);
      for (const line of report.lines) expect(line, report.supplier).toMatchObject({ ok: true });
    }
    expect(liveCheckFailed(reports)).toBe(false);
    // Every supplier was asked, and nothing that writes was sent.
    expect(seen.length).toBeGreaterThanOrEqual(LIVE_CHECK_SUPPLIERS.length);
    const writes = seen.filter((line) => {
      const [method, url] = line.split(' ');
      return method !== 'GET' && WRITES.test(url!.split('?')[0]!);
    });
    expect(writes).toEqual([]);
    const text = formatLiveCheck(reports, 'sandbox');
    expect(text).toContain('all checks passed');
    expect(text).toMatch(/vtpass\n {2}ok/);
  });

  it('reports a supplier it cannot reach as failed lines, not a crash', async () => {
    // A port nothing listens on: every call is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    await new Promise((resolve) => closed.close(resolve));
    if (address === null || typeof address === 'string') throw new Error('no port');
    const dead = createProviders(
      sandboxProvidersConfig(sandboxBaseUrls(`http://127.0.0.1:${address.port}`), 2_000),
    );
    const reports = await runLiveCheck(dead, LIVE_CHECK_SUPPLIERS);
    expect(liveCheckFailed(reports)).toBe(true);
    for (const report of reports) {
      expect(
        report.lines.some((l) => !l.ok),
        report.supplier,
      ).toBe(true);
    }
    expect(formatLiveCheck(reports, 'live')).toMatch(/\d+ check\(s\) failed/);
  });

  it('runs as `cli live-check <supplier>` in sandbox mode and exits 0', async () => {
    const run = promisify(execFile);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'owo-live-check-'));
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', path.resolve('apps/api/src/cli.ts'), 'live-check', 'vtpass'],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' } },
    );
    expect(stdout).toContain('live-check (provider sandbox)');
    expect(stdout).toContain('all checks passed');
    await expect(
      run(
        process.execPath,
        ['--import', 'tsx', path.resolve('apps/api/src/cli.ts'), 'live-check', 'nobody'],
        {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        },
      ),
    ).rejects.toMatchObject({ code: 1 });
  }, 60_000);
});
