import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES, SETTLE_AFTER_MS, VTPASS_CODE_VALUES } from '@owo/providers/sandbox/magic';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  type TestApp,
} from './harness';
import {
  AIRTIME_NAIRA,
  PURCHASE_KINDS,
  expectOneOutcome,
  latestDebit,
  orderRow,
  purchase,
  transferCodes,
  type PurchaseKind,
} from './purchase-support';

/**
 * DataStation orders whose pay reply was lost, through the real adapter, the sandbox's simulator
 * and the reconciler. A proxy in front of DataStation loses replies on purpose:
 * - NEVER_ARRIVED: the purchase is dropped before DataStation sees it (nothing recorded there);
 * - REPLY_LOST: DataStation takes (and delivers) the order, and its reply is dropped on the way.
 * DataStation documents no lookup that says "never received", so the first stays pending, never
 * refunded; the second settles delivered when the lookup finds it. An order whose pay reply gave
 * DataStation's id is requeried by that id at its kind's own endpoint.
 */

const NEVER_ARRIVED = new Set(['08031110001', VTPASS_CODE_VALUES.ipNotWhitelisted027.phone]);
const REPLY_LOST = new Set(['08031110002']);

let t: TestApp;
let proxy: Server;
/** Every DataStation call the app made: "METHOD /path". */
const calls: string[] = [];

async function startProxy(target: string): Promise<string> {
  const base = new URL(target);
  proxy = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      calls.push(`${request.method} ${path.slice(base.pathname.length - 1)}`);
      const phone = body ? (JSON.parse(body) as { mobile_number?: string }).mobile_number : '';
      if (request.method === 'POST' && phone && NEVER_ARRIVED.has(phone)) {
        response.destroy();
        return;
      }
      const headers = { ...request.headers } as Record<string, string>;
      delete headers.host;
      delete headers['content-length'];
      fetch(`${base.origin}${path}`, { method: request.method, headers, body: body || undefined })
        .then(async (res) => {
          const text = await res.text();
          if (request.method === 'POST' && phone && REPLY_LOST.has(phone)) {
            response.destroy();
            return;
          }
          response.writeHead(res.status, { 'content-type': 'application/json' }).end(text);
        })
        .catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return `http://127.0.0.1:${address.port}${base.pathname}`;
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      wrapBaseUrls: async (urls) => ({ ...urls, datastation: await startProxy(urls.datastation) }),
    },
  );
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => proxy?.close(() => resolve()));
});

const kind = (name: string): PurchaseKind => PURCHASE_KINDS.find((k) => k.name === name)!;
const PRICE = AIRTIME_NAIRA * 100;
/** Past SETTLE_AFTER_MS and the reconciler's backoff between passes. */
const LATER_MS = 10 * 60_000;

async function buyAirtime(k: PurchaseKind, phone: string) {
  const user = await customer(t, 10_000);
  const before = await balanceKobo(t, user.token);
  t.clock.advance(60_000);
  const res = await purchase(t, k, user.token, k.body(phone, {} as never));
  expect(res.statusCode, res.body).toBe(202);
  const row = (await latestDebit(t, user.id))!;
  expect(await balanceKobo(t, user.token)).toBe(before - PRICE);
  return { user, before, row };
}

async function reconcile(passes: number) {
  for (let i = 0; i < passes; i++) {
    t.clock.advance(LATER_MS);
    await t.services.reconciler.runOnce();
  }
}

describe('a DataStation airtime order whose purchase never reached DataStation', () => {
  it.each([
    ['in-house airtime', '08031110001', ''],
    // VTpass refuses definitely (027), the same order goes to DataStation, and that is lost.
    ['VTpass airtime', VTPASS_CODE_VALUES.ipNotWhitelisted027.phone, 'F'],
  ])(
    '%s: stays pending through every reconciler pass, wallet not refunded',
    async (name, phone, suffix) => {
      const { user, before, row } = await buyAirtime(kind(name), phone);
      const order = await orderRow(t, row.id);
      expect(order).toMatchObject({
        supplier: 'datastation',
        supplierRequestId: `${row.reference}${suffix}`,
        state: 'pending',
      });

      const lookupsBefore = calls.filter((c) => c.startsWith('GET /api/topup/')).length;
      await reconcile(4);
      // Each pass looked for the order in DataStation's airtime orders, not its data orders.
      expect(calls.filter((c) => c.startsWith('GET /api/topup/')).length).toBeGreaterThan(
        lookupsBefore,
      );
      expect(calls.some((c) => c.startsWith('GET /api/data/?ident='))).toBe(false);

      expect((await orderRow(t, row.id))?.state).toBe('pending');
      expect(await balanceKobo(t, user.token)).toBe(before - PRICE);
      expectOneOutcome(await transferCodes(t, row.id), 'open');
      await expectLedgerConsistent(t);
    },
  );
});

describe('DataStation took the order and its reply was lost', () => {
  it('in-house airtime: the lookup finds it by our ident and it settles delivered', async () => {
    const { user, before, row } = await buyAirtime(kind('in-house airtime'), '08031110002');
    await reconcile(1);
    const order = await orderRow(t, row.id);
    expect(order).toMatchObject({
      state: 'delivered',
      supplierReference: expect.stringMatching(/^\d+$/),
    });
    expect(await balanceKobo(t, user.token)).toBe(before - PRICE);
    expectOneOutcome(await transferCodes(t, row.id), 'delivered');
    await expectLedgerConsistent(t);
  });
});

describe('a pending DataStation order that DataStation later reports successful', () => {
  it('settles delivered through GET api/topup/<DataStation id>', async () => {
    const { user, before, row } = await buyAirtime(
      kind('in-house airtime'),
      MAGIC_PHONES.pendingThenDelivered,
    );
    const pending = await orderRow(t, row.id);
    // The pay reply's id is kept, so the requery asks DataStation for that order.
    expect(pending).toMatchObject({
      state: 'pending',
      supplierReference: expect.stringMatching(/^\d+$/),
    });
    const id = pending!.supplierReference!;

    t.clock.advance(SETTLE_AFTER_MS);
    await reconcile(1);
    expect(calls).toContain(`GET /api/topup/${id}`);
    expect(await orderRow(t, row.id)).toMatchObject({ state: 'delivered', supplierReference: id });
    expect(await balanceKobo(t, user.token)).toBe(before - PRICE);
    expectOneOutcome(await transferCodes(t, row.id), 'delivered');

    await reconcile(1);
    expectOneOutcome(await transferCodes(t, row.id), 'delivered');
    await expectLedgerConsistent(t);
  });
});
