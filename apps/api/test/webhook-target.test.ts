import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from '../src/modules/developer/webhook-post';
import { isInternalAddress } from '../src/modules/developer/webhook-target';

/**
 * Where a reseller's webhook may go (decision 0089): in live mode never into our own network,
 * whether the URL names an address or a host that resolves to one; never a redirect followed; a
 * silent endpoint given up on.
 */

let hits = 0;
let port = 0;
const server = http.createServer((request, response) => {
  hits += 1;
  request.resume();
  if (request.url === '/silent') return; // never answers
  if (request.url === '/redirect') {
    response.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` });
    response.end();
    return;
  }
  response.statusCode = request.url === '/elsewhere' ? 200 : 204;
  response.end();
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const live = { publicOnly: true, timeoutMs: 5_000 };
const sandbox = { publicOnly: false, timeoutMs: 5_000 };
const send = (url: string, options = live) => postWebhook(url, {}, '{}', options);

describe('internal addresses', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
  ])('%s is internal', (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '102.89.1.1', '2001:4860:4860::8888'])('%s is not', (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });
});

describe('posts', () => {
  it('live mode refuses a loopback address and a name that resolves to one, before connecting', async () => {
    const before = hits;
    for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]']) {
      const outcome = await send(`http://${host}:${port}/hook`);
      expect(outcome, host).toHaveProperty('error');
    }
    expect(hits).toBe(before);
  });

  it('sandbox mode posts to localhost', async () => {
    expect(await send(`http://localhost:${port}/hook`, sandbox)).toEqual({ status: 204 });
  });

  it('a redirect is an answer, never followed', async () => {
    const before = hits;
    expect(await send(`http://127.0.0.1:${port}/redirect`, sandbox)).toEqual({ status: 302 });
    expect(hits).toBe(before + 1);
  });

  it('an endpoint that never answers is given up on after the timeout', async () => {
    const outcome = await postWebhook(`http://127.0.0.1:${port}/silent`, {}, '{}', {
      publicOnly: false,
      timeoutMs: 300,
    });
    expect(outcome).toEqual({ error: 'No answer within 0.3 s.' });
  });

  it('a URL that is not http(s) is refused', async () => {
    expect(await send('ftp://example.com/x', sandbox)).toHaveProperty('error');
    expect(await send('not a url', sandbox)).toHaveProperty('error');
  });
});
