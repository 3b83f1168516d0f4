import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataStationClient } from './client';
import { datastationLiveCheck } from './live-check';
import { dataStationSimulator } from './simulator';

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(dataStationSimulator, {
    apiKey: 'k',
    now: () => Date.parse('2026-11-21T09:00:00Z'),
    holdMs: 1_000,
    openingBalanceKobo: 250_000_00,
  });
  base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/`;
});
afterAll(() => app.close());

describe('DataStation live check (read-only)', () => {
  it('reports the wallet, the networks and the plan counts', async () => {
    const client = createDataStationClient({ baseUrl: base, timeoutMs: 1_000, apiKey: 'k' });
    const lines = await datastationLiveCheck(client);
    expect(lines).toEqual([
      { check: 'balance (GET api/user/)', ok: true, detail: 'wallet ₦250,000.00' },
      {
        check: 'networks and plans (GET api/network/, GET api/user/)',
        ok: true,
        detail: expect.stringMatching(
          /^networks MTN=1, GLO=2, 9MOBILE=3, AIRTEL=4; \d+ data plans; \d+ cable plans \(GOTV, DSTV, STARTIMES\)$/,
        ),
      },
    ]);
  });

  it('says what failed when DataStation refuses the token', async () => {
    const client = createDataStationClient({ baseUrl: base, timeoutMs: 1_000, apiKey: 'wrong' });
    const lines = await datastationLiveCheck(client);
    expect(lines.map((l) => l.ok)).toEqual([false, false]);
    expect(lines[0]!.detail).toMatch(/HTTP 401.*Invalid token/);
  });
});
