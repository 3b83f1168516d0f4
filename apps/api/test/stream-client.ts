import { createSseReader, type SseEvent } from '@owo/shared/sse';

export type StreamEvent = SseEvent;

/** An open GET /api/notifications/stream, read as the web app reads it (fetch + a reader). */
export interface StreamClient {
  status: number;
  headers: Headers;
  events: StreamEvent[];
  /**
   * The next event after the `seen` first ones, within `timeoutMs` (or an error). Generous by
   * default: a loaded machine is slow to push.
   */
  next(seen: number, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  closed: Promise<void>;
  close(): void;
}

export async function openStream(
  origin: string,
  token: string | undefined,
  headers: Record<string, string> = {},
): Promise<StreamClient> {
  const controller = new AbortController();
  const res = await fetch(`${origin}/api/notifications/stream`, {
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  const closed = (async () => {
    if (!res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    const sse = createSseReader();
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        events.push(...sse.push(value));
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted by close()
    } finally {
      done = true;
      for (const wake of waiters) wake();
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    closed,
    async next(seen, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length <= seen) {
        if (done) throw new Error(`stream ended after ${events.length} events`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event after ${seen} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
      return events[seen]!;
    },
    close: () => controller.abort(),
  };
}
