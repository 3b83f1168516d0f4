import http from 'node:http';

/**
 * A small HTTP load balancer: each request goes to the next backend in turn (port numbers on
 * 127.0.0.1), body and headers as they came, the reply piped back. The API processes run
 * behind it as they would behind a real one.
 */
export interface RoundRobinProxy {
  origin: string;
  setBackends(ports: number[]): void;
  /** Requests sent to each backend port so far. */
  served(): Map<number, number>;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let backends: number[] = [];
  let next = 0;
  const served = new Map<number, number>();
  // Keep-alive to the backends, as a real balancer does.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  const server = http.createServer((request, response) => {
    const port = backends[next % backends.length];
    next += 1;
    if (port === undefined) {
      response.writeHead(503).end('no backend');
      return;
    }
    served.set(port, (served.get(port) ?? 0) + 1);
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`proxy: ${error.message}`);
    });
    request.pipe(upstream);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no address');

  return {
    origin: `http://127.0.0.1:${address.port}`,
    setBackends(ports) {
      backends = [...ports];
    },
    served: () => new Map(served),
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
