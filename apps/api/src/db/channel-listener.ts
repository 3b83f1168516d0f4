import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a LISTEN reports: each payload, and the connection lost and back. */
export interface ChannelHandlers {
  onPayload(payload: string): void;
  /** The LISTEN connection broke: notifications sent until `onRestored` are missed. */
  onLost(error: Error): void;
  /** Listening again after a loss: whatever was missed must be read afresh. */
  onRestored(): void;
}

export interface ChannelListener {
  close(): Promise<void>;
}

/** Waits after a lost LISTEN connection: 250 ms, doubling up to 10 s. */
export const LISTEN_RETRY_MS = { first: 250, max: 10_000 };

/**
 * LISTEN on PostgreSQL over a connection of its own, never one of the pool's: a pooled
 * connection is handed to other queries, and a LISTEN lives as long as its connection. When the
 * connection breaks (the primary restarted or failed over), it is opened again with growing
 * waits until it listens again, then `onRestored` says so.
 */
export async function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  handlers: ChannelHandlers,
): Promise<ChannelListener> {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let wait = LISTEN_RETRY_MS.first;
  // A channel name is an identifier, not a value: only plain names are accepted.
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    let lost = false;
    const onBroken = (error: Error) => {
      if (lost || closed) return;
      lost = true;
      next.removeAllListeners('notification');
      if (client === next) client = undefined;
      void next.end().catch(() => {});
      handlers.onLost(error);
      schedule();
    };
    next.on('error', onBroken);
    next.on('end', () => onBroken(new Error('the LISTEN connection ended')));
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) handlers.onPayload(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      onBroken(error as Error);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    wait = LISTEN_RETRY_MS.first;
  };

  function schedule() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          if (!closed) handlers.onRestored();
        },
        // onBroken already scheduled the next try.
        () => {},
      );
    }, wait);
    retry.unref();
    wait = Math.min(wait * 2, LISTEN_RETRY_MS.max);
  }

  // The first connection is awaited: a stream starts only once its changes can be heard. When it
  // fails, the retries go on in the background and the caller hears of it through onLost.
  await connect().catch(() => {});
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}

/** LISTEN on the embedded database: in-process, so it cannot be lost. */
export async function listenOnPglite(
  client: PGlite,
  channel: string,
  handlers: ChannelHandlers,
): Promise<ChannelListener> {
  const unlisten = await client.listen(channel, (payload) => {
    if (payload) handlers.onPayload(payload);
  });
  return {
    close: () => unlisten(),
  };
}
