import {
  PULSE_STREAM_RETRY_MS,
  type NotificationPulse,
  type PulseStreamEnd,
} from '@owo/shared/notifications';
import { createSseReader } from '@owo/shared/sse';

export interface PulseStreamHandlers {
  /** Each pulse the server pushes. */
  onPulse(pulse: NotificationPulse): void;
  /** Connected (true) or not (false): the app polls only while it is not. */
  onStatus(connected: boolean): void;
  /**
   * The server says the session is over (401, or an `end` event with a session code): the
   * caller asks the pulse once by HTTP, whose 401 signs the app out as any call's does.
   */
  onSessionEnded(): void;
}

export interface PulseStreamOptions {
  getToken: () => string | null;
  handlers: PulseStreamHandlers;
  fetch?: typeof fetch;
  /** Waits between attempts: the server's retry hint, doubling after each failure up to `maxMs`. */
  retryMs?: number;
  maxMs?: number;
  /** No byte (the server writes a comment every 25 s) for this long: the connection is dead. */
  silenceMs?: number;
  random?: () => number;
}

const STREAM_PATH = '/api/notifications/stream';
/** Refused for holding too many streams (429): the app polls, and tries again much later. */
const CROWDED_MS = 60_000;

type Outcome = 'retry' | 'fast-retry' | 'crowded' | 'session' | 'stopped';

/**
 * The live pulse (decision 0074), read with fetch and a stream reader, since EventSource cannot
 * send the bearer token. Reconnects after a drop with growing waits and `Last-Event-ID`, so a
 * reconnect that missed nothing is sent nothing. Returns a function that stops it.
 */
export function startPulseStream(options: PulseStreamOptions): () => void {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const baseMs = options.retryMs ?? PULSE_STREAM_RETRY_MS;
  const maxMs = options.maxMs ?? 60_000;
  const silenceMs = options.silenceMs ?? 60_000;
  const random = options.random ?? Math.random;
  const { handlers } = options;
  let stopped = false;
  let controller: AbortController | undefined;
  let wait: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let lastId: string | undefined;
  let connected = false;

  const setConnected = (next: boolean) => {
    if (connected === next) return;
    connected = next;
    handlers.onStatus(next);
  };

  async function connectOnce(): Promise<Outcome> {
    const token = options.getToken();
    if (!token) return 'session';
    controller = new AbortController();
    const abort = controller;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => abort.abort(), silenceMs);
    };
    try {
      const headers: Record<string, string> = {
        Accept: 'text/event-stream',
        Authorization: `Bearer ${token}`,
      };
      if (lastId) headers['Last-Event-ID'] = lastId;
      heard();
      const response = await doFetch(STREAM_PATH, {
        headers,
        signal: abort.signal,
        cache: 'no-store',
        credentials: 'same-origin',
      });
      if (response.status === 401) return 'session';
      if (response.status === 429) return 'crowded';
      if (!response.ok || !response.body) return 'retry';
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const sse = createSseReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'retry';
        heard();
        setConnected(true);
        failures = 0;
        for (const event of sse.push(value)) {
          if (event.event === 'pulse') {
            if (event.id) lastId = event.id;
            handlers.onPulse(JSON.parse(event.data) as NotificationPulse);
          } else if (event.event === 'end') {
            const { code } = JSON.parse(event.data) as PulseStreamEnd;
            await reader.cancel().catch(() => {});
            // A stopping server: another one takes the reconnect at once.
            return code === 'SHUTDOWN' ? 'fast-retry' : 'session';
          }
        }
      }
    } catch {
      return stopped ? 'stopped' : 'retry';
    } finally {
      clearTimeout(silence);
    }
  }

  function delayFor(outcome: Outcome): number {
    if (outcome === 'crowded') return CROWDED_MS;
    if (outcome === 'fast-retry') return baseMs * random();
    failures += 1;
    const exp = Math.min(maxMs, baseMs * 2 ** (failures - 1));
    // Jitter, so the apps a stopped server dropped do not all come back in the same instant.
    return exp / 2 + (exp / 2) * random();
  }

  async function run() {
    while (!stopped) {
      const outcome = await connectOnce();
      setConnected(false);
      if (stopped || outcome === 'stopped') return;
      if (outcome === 'session') {
        handlers.onSessionEnded();
        return;
      }
      await new Promise<void>((resolve) => {
        wait = setTimeout(resolve, delayFor(outcome));
      });
    }
  }

  void run();
  return () => {
    stopped = true;
    clearTimeout(wait);
    controller?.abort();
    setConnected(false);
  };
}
