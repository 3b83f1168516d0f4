/**
 * VTpass's transaction-update callback: the documented bodies (fixtures) parse to the order they
 * name and what they claim; a requery answer counts as a reversal only as VTpass documents one;
 * and the simulator reverses a delivered order on the sandbox's control call, posts the callback
 * until it is answered {"response":"success"}, and answers the requery with the reversal.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '../sandbox/magic';
import { startTestSandbox, type TestSandbox } from '../sandbox/test-support';
import { SANDBOX_CONTROL_PREFIXES } from '../sandbox/server';
import { makeVtpassRequestId } from './request-id';
import { isVtpassReversal, parseVtpassWebhook } from './webhook';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parseVtpassWebhook', () => {
  it('reads the documented reversal and delivery callbacks', () => {
    expect(parseVtpassWebhook(fixture('webhook-transaction-update-reversal.json'))).toEqual({
      type: 'transaction-update',
      requestId: '202611211000owoFixture01',
      code: '040',
      status: 'reversed',
    });
    expect(parseVtpassWebhook(fixture('webhook-transaction-update-delivered.json'))).toEqual({
      type: 'transaction-update',
      requestId: '202611211000owoFixture01',
      code: '000',
      status: 'delivered',
    });
  });

  it('tells other callback types apart, and refuses what is no callback', () => {
    expect(parseVtpassWebhook('{"type":"variations-update","data":{}}')).toEqual({
      type: 'variations-update',
    });
    for (const body of ['', 'nope', '[]', '{}', '{"type":"transaction-update"}']) {
      expect(parseVtpassWebhook(body), body).toBeNull();
    }
  });
});

describe('isVtpassReversal', () => {
  it('is a reversal only on 040 or 000/001 with status reversed', () => {
    const reversal = JSON.parse(fixture('webhook-transaction-update-reversal.json')) as {
      data: unknown;
    };
    expect(isVtpassReversal(reversal.data)).toBe(true);
    expect(isVtpassReversal(JSON.parse(fixture('requery-040-reversal.json')))).toBe(true);
    expect(isVtpassReversal(JSON.parse(fixture('requery-reversed.json')))).toBe(true);
    for (const name of [
      'requery-delivered.json',
      'requery-pending.json',
      'requery-015-not-found.json',
      'pay-016-failed.json',
    ]) {
      expect(isVtpassReversal(JSON.parse(fixture(name))), name).toBe(false);
    }
    expect(isVtpassReversal(undefined)).toBe(false);
  });
});

describe('the simulator reverses a delivered order', () => {
  let t: TestSandbox;
  let server: Server;
  const received: string[] = [];
  let answer = '{"response":"success"}';

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    t = await startTestSandbox({ vtpassNotifyUrl: url, vtpassWebhookRetryDelaysMs: [20, 20] });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const reverse = async (requestId: string) => {
    const origin = new URL(t.sandbox.baseUrls.vtpass).origin;
    const res = await fetch(`${origin}${SANDBOX_CONTROL_PREFIXES.vtpass}/reverse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestId }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('posts the callback, puts the money back, and answers the requery with it', async () => {
    const requestId = makeVtpassRequestId(new Date(t.now()));
    const paid = await t.providers.vtpass.pay({
      requestId,
      serviceID: 'mtn',
      amountKobo: 500_00,
      phone: MAGIC_PHONES.delivered,
    });
    expect(paid.status).toBe('delivered');
    const before = await t.providers.vtpass.balance();

    const { status, body } = await reverse(requestId);
    expect(status).toBe(200);
    expect(body.delivered).toBe(true);
    const sent = parseVtpassWebhook(received.at(-1)!);
    expect(sent).toEqual({
      type: 'transaction-update',
      requestId,
      code: '040',
      status: 'reversed',
    });
    expect(await t.providers.vtpass.balance()).toBe(before + 500_00);

    const requery = await t.providers.vtpass.requery(requestId);
    expect(requery.status).toBe('failed');
    expect(isVtpassReversal(requery.raw)).toBe(true);

    // Again: the same callback (a replay), no second credit.
    expect((await reverse(requestId)).body.event).toEqual(body.event);
    expect(await t.providers.vtpass.balance()).toBe(before + 500_00);
  });

  it('resends until the answer is {"response":"success"}', async () => {
    const requestId = makeVtpassRequestId(new Date(t.now()));
    await t.providers.vtpass.pay({
      requestId,
      serviceID: 'mtn',
      amountKobo: 100_00,
      phone: MAGIC_PHONES.delivered,
    });
    answer = 'success';
    const start = received.length;
    const { body } = await reverse(requestId);
    expect(body.delivered).toBe(false);
    // 5 attempts in all here: the first, then the two test retries given.
    const deadline = Date.now() + 10_000;
    while (received.length - start < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(received.length - start).toBe(3);
    answer = '{"response":"success"}';
  });

  it('refuses an order that is not delivered, or unknown', async () => {
    const requestId = makeVtpassRequestId(new Date(t.now()));
    await t.providers.vtpass.pay({
      requestId,
      serviceID: 'mtn',
      amountKobo: 100_00,
      phone: MAGIC_PHONES.pendingForever,
    });
    expect((await reverse(requestId)).status).toBe(409);
    expect((await reverse('202611211000nothing')).status).toBe(404);
  });
});
