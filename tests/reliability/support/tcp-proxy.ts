import net from 'node:net';

/**
 * A TCP proxy between the app and PostgreSQL that can take the database away: `cut()` resets
 * every open connection and turns new ones away (accepted, then reset at once, as a server that
 * is restarting does) until `restore()`. The app sees what a real outage shows it: queries failing
 * with "Connection terminated" / ECONNRESET and connects failing.
 */
export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlThrough(url: string): string;
  cut(): void;
  restore(): void;
  readonly down: boolean;
  /** Connections accepted and passed on / turned away while down / reset by cut(). */
  stats(): { passed: number; refused: number; reset: number; open: number };
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  /** Each app-side connection and its PostgreSQL-side twin. */
  const open = new Map<net.Socket, net.Socket>();
  let down = false;
  const counts = { passed: 0, refused: 0, reset: 0 };

  const server = net.createServer((client) => {
    if (down) {
      counts.refused += 1;
      client.resetAndDestroy();
      return;
    }
    counts.passed += 1;
    const upstream = net.connect(target.port, target.host);
    open.set(client, upstream);
    // Either side failing ends both: the app must see its connection die, not hang.
    const end = () => {
      open.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no TCP address');

  return {
    port: address.port,
    urlThrough(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(address.port);
      return parsed.toString();
    },
    cut() {
      down = true;
      for (const [client, upstream] of [...open]) {
        counts.reset += 1;
        client.resetAndDestroy();
        upstream.destroy();
      }
      open.clear();
    },
    restore() {
      down = false;
    },
    get down() {
      return down;
    },
    stats: () => ({ ...counts, open: open.size }),
    async close() {
      for (const [client, upstream] of open) {
        client.destroy();
        upstream.destroy();
      }
      open.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
