import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The stable address in front of API processes that come and go, as a load balancer is in a real
 * deployment: PUBLIC_BASE_URL points here, so PalmPay's notifications (and their retries) reach
 * whichever process is up. A PalmPay notification naming an order the test routed goes to that
 * order's process (several crash scenarios run at once, each on its own process); everything else
 * goes to the default process. With no process to send to, or when the process dies mid-request,
 * the caller's connection is cut, exactly as a dead server cuts it.
 */
export interface FrontDoor {
  url: string;
  /** Where requests without a route of their own go (undefined: nowhere). */
  setDefault(port: number | undefined): void;
  /** Sends PalmPay notifications about this order id (our orderId / outOrderNo) to this port. */
  route(orderId: string, port: number): void;
  /** Back to the default process. */
  unroute(orderId: string): void;
  close(): Promise<void>;
}

function orderIdOf(body: Buffer): string | undefined {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    const id = parsed.orderId ?? parsed.outOrderNo;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

export async function startFrontDoor(): Promise<FrontDoor> {
  let fallback: number | undefined;
  const routes = new Map<string, number>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const orderId = req.url?.startsWith('/api/webhooks/') ? orderIdOf(body) : undefined;
      const port = (orderId !== undefined ? routes.get(orderId) : undefined) ?? fallback;
      if (port === undefined) {
        req.socket.destroy();
        return;
      }
      const upstream = http.request(
        { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
        (reply) => {
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(res);
          reply.on('aborted', () => res.destroy());
          reply.on('error', () => res.destroy());
        },
      );
      upstream.on('error', () => req.socket.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setDefault(p) {
      fallback = p;
    },
    route(orderId, p) {
      routes.set(orderId, p);
    },
    unroute(orderId) {
      routes.delete(orderId);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
