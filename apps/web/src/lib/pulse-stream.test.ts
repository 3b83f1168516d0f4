import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationPulse } from '@owo/shared/notifications';
import { pulseRhythm } from './pulse-rhythm';
import { startPulseStream } from './pulse-stream';

/** A stream reply the test writes to, as the server would. */
function serverStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200 }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

const pulse = (balance: number): NotificationPulse => ({
  success: true,
  unread: 0,
  latest: null,
  balance,
  awaiting: false,
});
const pulseEvent = (id: string, balance: number) =>
  `id: ${id}\nevent: pulse\ndata: ${JSON.stringify(pulse(balance))}\n\n`;

/** A fake fetch answering each call with the next reply the test queued; records the calls. */
function fakeServer() {
  const calls: { headers: Record<string, string> }[] = [];
  const replies: (() => Response)[] = [];
  const waiting: (() => void)[] = [];
  const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ headers: init?.headers as Record<string, string> });
    while (replies.length === 0) await new Promise<void>((resolve) => waiting.push(resolve));
    const reply = replies.shift()!();
    init?.signal?.addEventListener('abort', () => void reply.body?.cancel().catch(() => {}));
    return reply;
  }) as typeof globalThis.fetch;
  return {
    fetch,
    calls,
    reply(make: () => Response) {
      replies.push(make);
      waiting.splice(0).forEach((wake) => wake());
    },
  };
}

async function until(check: () => boolean, ms = 2_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function recorder() {
  return {
    pulses: [] as number[],
    status: [] as boolean[],
    sessionEnded: 0,
  };
}

let stops: (() => void)[] = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
});

function start(server: ReturnType<typeof fakeServer>, seen: ReturnType<typeof recorder>) {
  const stop = startPulseStream({
    getToken: () => 'token-of-the-session-0001',
    fetch: server.fetch,
    retryMs: 10,
    random: () => 0,
    handlers: {
      onPulse: (p) => seen.pulses.push(p.balance),
      onStatus: (up) => seen.status.push(up),
      onSessionEnded: () => (seen.sessionEnded += 1),
    },
  });
  stops.push(stop);
  return stop;
}

describe('the live pulse stream', () => {
  it('applies each pushed pulse, says it is up, and after a drop reconnects with Last-Event-ID', async () => {
    const server = fakeServer();
    const seen = recorder();
    const first = serverStream();
    server.reply(() => first.response);
    start(server, seen);
    first.write('retry: 3000\n: open\n\n');
    first.write(pulseEvent('state-1', 10));
    first.write(': keep-alive\n\n' + pulseEvent('state-2', 25).slice(0, 20));
    await until(() => seen.pulses.length === 1);
    expect(seen.status).toEqual([true]);
    expect(server.calls[0]!.headers).toMatchObject({
      Authorization: 'Bearer token-of-the-session-0001',
    });
    expect(server.calls[0]!.headers['Last-Event-ID']).toBeUndefined();

    // The rest of the second event, then the connection drops.
    first.write(pulseEvent('state-2', 25).slice(20));
    await until(() => seen.pulses.length === 2);
    const second = serverStream();
    server.reply(() => second.response);
    first.close();
    await until(() => server.calls.length === 2);
    expect(seen.status).toEqual([true, false]);
    expect(server.calls[1]!.headers['Last-Event-ID']).toBe('state-2');
    second.write(': open\n\n');
    await until(() => seen.status.length === 3);
    expect(seen.status).toEqual([true, false, true]);
    expect(seen.pulses).toEqual([10, 25]);
  });

  it('a 401 or an end event for the session stops it and hands over to the HTTP pulse', async () => {
    const refused = fakeServer();
    const seenRefused = recorder();
    refused.reply(() => new Response('{"code":"SESSION_IDLE"}', { status: 401 }));
    start(refused, seenRefused);
    await until(() => seenRefused.sessionEnded === 1);

    const ended = fakeServer();
    const seenEnded = recorder();
    const stream = serverStream();
    ended.reply(() => stream.response);
    start(ended, seenEnded);
    stream.write('event: end\ndata: {"code":"SESSION_EXPIRED"}\n\n');
    await until(() => seenEnded.sessionEnded === 1);
    expect(seenEnded.status).toEqual([true, false]);
    // Neither tries again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([refused.calls.length, ended.calls.length]).toEqual([1, 1]);
  });

  it('a stopping server (end SHUTDOWN) or a refused connection: it tries again, polling meanwhile', async () => {
    const server = fakeServer();
    const seen = recorder();
    const stream = serverStream();
    server.reply(() => stream.response);
    server.reply(() => new Response('', { status: 503 }));
    const again = serverStream();
    server.reply(() => again.response);
    start(server, seen);
    stream.write(pulseEvent('s', 1) + 'event: end\ndata: {"code":"SHUTDOWN"}\n\n');
    again.write(': open\n\n');
    await until(() => seen.status.length === 3);
    expect(seen.status).toEqual([true, false, true]);
    expect(server.calls).toHaveLength(3);
    expect(server.calls[2]!.headers['Last-Event-ID']).toBe('s');
    expect(seen.sessionEnded).toBe(0);
  });

  it('stopping it ends the connection and tries no more', async () => {
    const server = fakeServer();
    const seen = recorder();
    const stream = serverStream();
    server.reply(() => stream.response);
    const stop = start(server, seen);
    stream.write(': open\n\n');
    await until(() => seen.status.length === 1);
    stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.status).toEqual([true, false]);
    expect(server.calls).toHaveLength(1);
  });
});

describe('stream or poll', () => {
  const rhythm = { awaitingMs: 3_000, idleMs: 15_000 };
  it('polls not at all while the stream is up, today’s rhythm while it is down', () => {
    expect(pulseRhythm({ ...rhythm, streaming: true, awaiting: true })).toBe(false);
    expect(pulseRhythm({ ...rhythm, streaming: true, awaiting: false })).toBe(false);
    expect(pulseRhythm({ ...rhythm, streaming: false, awaiting: true })).toBe(3_000);
    expect(pulseRhythm({ ...rhythm, streaming: false, awaiting: false })).toBe(15_000);
  });
});
