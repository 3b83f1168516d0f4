import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebhookSender, type WebhookSender } from './notifier';

/** A merchant endpoint that answers each POST with the next of `answers` (then the last one). */
async function receiver(answers: { status: number; body: string }[]) {
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      bodies.push(text);
      const answer = answers[Math.min(bodies.length - 1, answers.length - 1)]!;
      response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/palmpay`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(check: () => boolean, timeoutMs = 3_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function sender(delays: number[]): WebhookSender {
  const s = createWebhookSender(delays);
  cleanups.push(() => s.stop());
  return s;
}

describe('PalmPay webhook sender', () => {
  it('counts only HTTP 2xx with the text "success" as received', async () => {
    const merchant = await receiver([{ status: 200, body: 'success' }]);
    cleanups.push(merchant.close);
    expect(await sender([]).send(merchant.url, { orderNo: '1' })).toBe(true);
    expect(merchant.bodies).toEqual(['{"orderNo":"1"}']);

    const wrongText = await receiver([{ status: 200, body: '{"ok":true}' }]);
    cleanups.push(wrongText.close);
    expect(await sender([]).send(wrongText.url, { orderNo: '2' })).toBe(false);
  });

  it('retries after each delay until acknowledged, sending the same body', async () => {
    const merchant = await receiver([
      { status: 500, body: 'oops' },
      { status: 200, body: 'not yet' },
      { status: 200, body: ' SUCCESS \n' },
    ]);
    cleanups.push(merchant.close);
    const s = sender([20, 20, 20, 20]);
    expect(await s.send(merchant.url, { orderNo: '3', amount: 100 })).toBe(false);
    await until(() => merchant.bodies.length === 3);
    // Acknowledged on the third attempt: no fourth.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(merchant.bodies).toHaveLength(3);
    expect(new Set(merchant.bodies)).toEqual(new Set(['{"orderNo":"3","amount":100}']));
    expect(s.attempts.map((a) => a.ok)).toEqual([false, false, true]);
  });

  it('gives up when the delays run out', async () => {
    const merchant = await receiver([{ status: 503, body: 'down' }]);
    cleanups.push(merchant.close);
    const s = sender([10, 10]);
    await s.send(merchant.url, { orderNo: '4' });
    await until(() => merchant.bodies.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(merchant.bodies).toHaveLength(3);
  });

  it('reads the target at each attempt, so a URL that appears later is used', async () => {
    const merchant = await receiver([{ status: 200, body: 'success' }]);
    cleanups.push(merchant.close);
    const target: { url?: string } = {};
    const s = sender([30, 30]);
    expect(await s.send(() => target.url, { orderNo: '5' })).toBe(false);
    expect(s.attempts[0]).toMatchObject({ ok: false, detail: 'no notify URL configured' });
    target.url = merchant.url;
    await until(() => merchant.bodies.length === 1);
  });

  it('stops retrying when stopped', async () => {
    const merchant = await receiver([{ status: 500, body: 'no' }]);
    cleanups.push(merchant.close);
    const s = sender([50, 50]);
    await s.send(merchant.url, { orderNo: '6' });
    s.stop();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(merchant.bodies).toHaveLength(1);
    expect(await s.send(merchant.url, { orderNo: '7' })).toBe(false);
    expect(merchant.bodies).toHaveLength(1);
  });
});
