import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PULSE_STREAM_MAX_PER_USER,
  PULSE_STREAM_RETRY_MS,
  type NotificationPulse,
} from '@owo/shared/notifications';
import { createTestApp, customer, fund, type TestApp } from './harness';
import { bankTransfer, simulateTransfer } from './deposit-support';
import { newKey, sendTransfer } from './transfers-support';
import { openStream, type StreamClient } from './stream-client';

/**
 * The live stream (decision 0074): GET /api/notifications/stream pushes the pulse when the
 * database says the customer's state changed (LISTEN/NOTIFY), to that customer only; a client
 * that already has the current state is sent nothing on connect; no session, no stream.
 */

let t: TestApp;
/** A test that starts its own app: room for that set-up on a loaded machine. */
const APP_SETUP_MS = 300_000;
const open: StreamClient[] = [];

beforeAll(async () => {
  // Listening: streams are read over HTTP, and PalmPay's deposit webhook arrives that way too.
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await t?.close();
});

async function stream(token: string | undefined, headers: Record<string, string> = {}) {
  const client = await openStream(t.baseUrl!, token, headers);
  open.push(client);
  return client;
}

const pulseOf = (data: string) => JSON.parse(data) as NotificationPulse;

/** Waits until no more than `count` events came for `ms`: proof of silence, not of speed. */
async function quietFor(client: StreamClient, count: number, ms = 800) {
  await new Promise((resolve) => setTimeout(resolve, ms));
  expect(client.events.map((e) => e.event)).toHaveLength(count);
}

describe('notification stream', () => {
  it('is refused without a session (401), with no stream opened', async () => {
    const none = await stream(undefined);
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toMatch(/application\/json/);
    const bad = await stream('x'.repeat(43));
    expect(bad.status).toBe(401);
    expect(t.services.liveUpdates.openCount()).toBe(0);
  });

  it('sends the current pulse at once, as an event-stream nginx does not buffer', async () => {
    const user = await customer(t, 250);
    const client = await stream(user.token);
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(client.headers.get('x-accel-buffering')).toBe('no');
    expect(client.headers.get('cache-control')).toBe('no-cache, no-transform');
    const first = await client.next(0);
    expect(first.event).toBe('pulse');
    expect(first.id).toMatch(/^[\w-]{22}$/);
    expect(pulseOf(first.data)).toEqual({
      success: true,
      unread: 1,
      latest: expect.objectContaining({ id: expect.stringMatching(/^tx:/) }),
      balance: 250,
      awaiting: false,
    });
    // The same JSON as the polled pulse.
    const polled = await t.request({
      method: 'GET',
      url: '/api/notifications/pulse',
      token: user.token,
    });
    expect(pulseOf(first.data)).toEqual(polled.json());
  });

  it('a deposit webhook reaches the customer’s stream; another customer’s stream hears nothing', async () => {
    const user = await customer(t);
    const other = await customer(t);
    const mine = await stream(user.token);
    const theirs = await stream(other.token);
    await mine.next(0);
    await theirs.next(0);

    const checkout = (await bankTransfer(t, user.token, 1500)).json().data;
    // Opening the checkout is news too: money is on its way.
    const waiting = await mine.next(1);
    expect(pulseOf(waiting.data)).toMatchObject({ awaiting: true, balance: 0 });

    await simulateTransfer(t, checkout.payerVirtualAccNo, 150_000);
    let seen = 2;
    let latest = pulseOf((await mine.next(seen - 1)).data);
    while (latest.balance !== 1500) latest = pulseOf((await mine.next(seen++)).data);
    expect(latest).toMatchObject({ balance: 1500, unread: 1, awaiting: false });
    expect(latest.latest?.id).toMatch(/^tx:/);

    await quietFor(theirs, 1);
  });

  it('a transfer from another customer reaches the recipient’s stream, and the sender’s', async () => {
    const sender = await customer(t, 10_000);
    const recipient = await customer(t);
    const bystander = await customer(t, 10);
    const toRecipient = await stream(recipient.token);
    const toSender = await stream(sender.token);
    const toBystander = await stream(bystander.token);
    await Promise.all([toRecipient.next(0), toSender.next(0), toBystander.next(0)]);

    const sent = await sendTransfer(
      t,
      sender.token,
      { recipientIdentifier: recipient.email, amount: 2500, note: 'rent', transactionPin: '1234' },
      { 'idempotency-key': newKey() },
    );
    expect(sent.statusCode, sent.body).toBe(200);

    const received = await toRecipient.next(1);
    expect(received.event).toBe('pulse');
    expect(pulseOf(received.data)).toMatchObject({ balance: 2500, unread: 1 });
    expect(pulseOf((await toSender.next(1)).data).balance).toBe(7500);
    // One transaction, one pulse per stream: its NOTIFYs are folded into one.
    await quietFor(toRecipient, 2);
    expect(toBystander.events).toHaveLength(1);
  });

  it('a reconnect whose Last-Event-ID is the current state gets no first event; a stale one does', async () => {
    const user = await customer(t, 40);
    const first = await stream(user.token);
    const state = (await first.next(0)).id!;
    first.close();

    const current = await stream(user.token, { 'last-event-id': state });
    await quietFor(current, 0);
    // It is live all the same: the next change arrives.
    await fund(t, user.id, 2);
    expect(pulseOf((await current.next(0)).data).balance).toBe(42);

    const stale = await stream(user.token, { 'last-event-id': state });
    const caughtUp = await stale.next(0);
    expect(caughtUp.id).not.toBe(state);
    expect(pulseOf(caughtUp.data).balance).toBe(42);
  });

  it('marking notices read on one device updates the bell on another', async () => {
    const user = await customer(t, 5);
    const client = await stream(user.token);
    expect(pulseOf((await client.next(0)).data).unread).toBe(1);
    t.clock.advance(1_000);
    const read = await t.request({
      method: 'POST',
      url: '/api/notifications/read',
      token: user.token,
      payload: {},
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(pulseOf((await client.next(1)).data)).toMatchObject({ unread: 0, latest: null });
  });

  it('signing out ends the session’s stream with an end event the app understands', async () => {
    const user = await customer(t);
    const client = await stream(user.token);
    await client.next(0);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', token: user.token });
    expect(out.statusCode, out.body).toBe(200);
    const end = await client.next(1);
    expect(end).toMatchObject({ event: 'end', data: JSON.stringify({ code: 'UNAUTHORIZED' }) });
    await client.closed;
  });

  it('a customer holds at most five streams; a sixth is refused with 429', async () => {
    const user = await customer(t);
    const streams = await Promise.all(
      Array.from({ length: PULSE_STREAM_MAX_PER_USER }, () => stream(user.token)),
    );
    expect(streams.map((s) => s.status)).toEqual(Array(PULSE_STREAM_MAX_PER_USER).fill(200));
    const sixth = await stream(user.token);
    expect(sixth.status).toBe(429);
    // One closed frees its place.
    streams[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await stream(user.token);
    expect(again.status).toBe(200);
  });

  // These two start an app of their own: its set-up (a fresh database, migrations, the catalogue)
  // counts in the test's time, and on a loaded machine took over a minute.
  it(
    'the stop ends every stream with SHUTDOWN, so closing the server does not wait on them',
    async () => {
      const other = await createTestApp({}, { listen: true });
      try {
        const user = await customer(other);
        const client = await openStream(other.baseUrl!, user.token);
        await client.next(0);
        expect(other.services.liveUpdates.openCount()).toBe(1);
        const closing = other.app.close();
        const end = await client.next(1);
        expect(end).toMatchObject({ event: 'end', data: JSON.stringify({ code: 'SHUTDOWN' }) });
        await closing;
      } finally {
        await other.close();
      }
    },
    APP_SETUP_MS,
  );

  it(
    'a session gone idle is told so by its stream at the next change, not sent the pulse',
    async () => {
      // The real session rules (the harness stretches them for other files): idle after 15 min.
      const real = await createTestApp(
        { SESSION_IDLE_TIMEOUT_S: '', SESSION_LIFETIME_S: '' },
        { listen: true },
      );
      try {
        const user = await customer(real);
        const client = await openStream(real.baseUrl!, user.token);
        expect(pulseOf((await client.next(0)).data).balance).toBe(0);
        real.clock.advance(16 * 60_000);
        await fund(real, user.id, 10);
        const end = await client.next(1);
        expect(end).toMatchObject({ event: 'end', data: JSON.stringify({ code: 'SESSION_IDLE' }) });
        await client.closed;
        expect(client.events).toHaveLength(2);
      } finally {
        await real.close();
      }
    },
    APP_SETUP_MS,
  );

  it('says how long to wait before reconnecting', async () => {
    const user = await customer(t);
    const res = await fetch(`${t.baseUrl}/api/notifications/stream`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const { value } = await reader.read();
    expect(value).toMatch(new RegExp(`^retry: ${PULSE_STREAM_RETRY_MS}\n`));
    await reader.cancel();
  });
});
