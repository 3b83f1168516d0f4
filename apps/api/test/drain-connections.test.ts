import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { drainConnections } from '../src/plugins/drain-connections';

/** One GET over a keep-alive agent, as nginx talks to the nodes: status, Connection header. */
function get(port: number, agent: http.Agent) {
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/slow', agent }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode!, connection: res.headers.connection }),
        );
      })
      .on('error', reject);
  });
}

async function closeTime() {
  const app = Fastify({ return503OnClosing: false });
  drainConnections(app);
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, 300));
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true });
  try {
    const inFlight = get(port, agent);
    await new Promise((r) => setTimeout(r, 100));
    const started = performance.now();
    const closed = app.close().then(() => performance.now() - started);
    const reply = await inFlight;
    // Without the drain Node keeps the connection that was busy at close() open after its reply
    // (until its keep-alive timeout), and close() waits for it: give up after 2 s.
    const ms = await Promise.race([
      closed,
      new Promise<number>((r) => setTimeout(() => r(-1), 2_000)),
    ]);
    return { reply, ms };
  } finally {
    agent.destroy();
    await app.close();
  }
}

describe('a stopping server and keep-alive connections', () => {
  it('finishes the request in flight, says Connection: close and closes soon after', async () => {
    const { reply, ms } = await closeTime();
    expect(reply).toEqual({ status: 200, connection: 'close' });
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThan(1_000);
  });
});
