import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPulse } from '@owo/shared/notifications';
import { openStream, type StreamClient } from '../../apps/api/test/stream-client';
import { POSTGRES_ADMIN_URL } from './support/env';
import { CLUSTER_PIN, startCluster, type Cluster } from './support/cluster/cluster';
import { call } from './support/cluster/http';

/**
 * Live updates across API processes (decision 0074): two API processes on one PostgreSQL behind
 * nginx. A transfer made through one process reaches the recipient's stream open on the other
 * within a second (each process LISTENs; the database's trigger NOTIFYs), also through nginx;
 * and a process whose LISTEN connection is cut (as a failover cuts it) listens again and catches
 * its streams up.
 *
 * Needs real server processes and a PostgreSQL server: skipped on the PGlite pass.
 */

const pulseOf = (data: string) => JSON.parse(data) as NotificationPulse;

describe.skipIf(!POSTGRES_ADMIN_URL)('live stream across two API processes', () => {
  let cluster: Cluster;
  const streams: StreamClient[] = [];

  beforeAll(async () => {
    cluster = await startCluster({
      adminUrl: POSTGRES_ADMIN_URL!,
      processes: 2,
      users: 4,
      // The seeded wallets hold the largest operator credit; the limits must not get in the way.
      env: {
        LIMIT_UNVERIFIED_DAILY_NAIRA: '1000000000',
        LIMIT_UNVERIFIED_BALANCE_NAIRA: '1000000000',
      },
    });
  }, 240_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await cluster?.stop();
  });

  async function stream(origin: string, token: string) {
    const client = await openStream(origin, token);
    streams.push(client);
    expect(client.status).toBe(200);
    return client;
  }

  /** A transfer of `naira` sent through `origin`; resolves when its reply arrived. */
  async function transfer(origin: string, from: { token: string }, to: { id: string }, naira = 10) {
    const reply = await call(origin, 'POST', '/api/transfers', {
      token: from.token,
      json: { recipientIdentifier: to.id, amount: naira, transactionPin: CLUSTER_PIN },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return performance.now();
  }

  /** The next pulse whose balance differs from `before`, and when it arrived. */
  function nextBalance(client: StreamClient, before: number, timeoutMs: number) {
    const found = (async () => {
      for (let seen = client.events.length; ; seen += 1) {
        const event = await client.next(seen, timeoutMs);
        const pulse = pulseOf(event.data);
        if (event.event === 'pulse' && pulse.balance !== before) {
          return { pulse, at: performance.now() };
        }
      }
    })();
    // Awaited by the test after its transfer; a failed transfer must not leave it unhandled.
    found.catch(() => {});
    return found;
  }

  it('a transfer made through process A reaches the stream open on process B within a second', async () => {
    const [sender, recipient, bystander] = cluster.users;
    const onB = await stream(cluster.origins[1]!, recipient!.token);
    const bystanderOnB = await stream(cluster.origins[1]!, bystander!.token);
    const before = pulseOf((await onB.next(0)).data).balance;
    await bystanderOnB.next(0);

    const started = performance.now();
    const waiting = nextBalance(onB, before, 5_000);
    await transfer(cluster.origins[0]!, sender!, recipient!, 25);
    const { pulse, at } = await waiting;
    expect(pulse.balance).toBe(before + 25);
    expect(at - started).toBeLessThan(1_000);
    // Nobody else's stream heard of it.
    expect(bystanderOnB.events).toHaveLength(1);
  });

  it('through nginx: the stream passes event by event, whichever process made the change', async () => {
    const [sender, recipient] = cluster.users;
    const viaNginx = await stream(cluster.origin, recipient!.token);
    let balance = pulseOf((await viaNginx.next(0)).data).balance;
    for (const origin of cluster.origins) {
      const started = performance.now();
      const waiting = nextBalance(viaNginx, balance, 5_000);
      await transfer(origin, sender!, recipient!);
      const { pulse, at } = await waiting;
      expect(pulse.balance).toBe(balance + 10);
      expect(at - started).toBeLessThan(1_000);
      balance = pulse.balance;
    }
  });

  it('a process whose LISTEN connection is cut listens again and catches its streams up', async () => {
    const [, , , sender] = cluster.users;
    const recipient = cluster.users[1]!;
    const onA = await stream(cluster.origins[0]!, recipient.token);
    const balance = pulseOf((await onA.next(0)).data).balance;
    const listeners = () =>
      cluster.database.query<{ pid: number }>(
        `select pid from pg_stat_activity
         where datname = current_database() and query = 'LISTEN owo_user'`,
      );
    expect(await listeners()).toHaveLength(2);
    // What a failover does to every connection: the server ends them.
    await cluster.database.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query = 'LISTEN owo_user'`,
    );
    // A change while the processes may not be listening: caught up once they are again.
    const missed = nextBalance(onA, balance, 10_000);
    await transfer(cluster.origins[1]!, sender!, recipient, 17);
    expect((await missed).pulse.balance).toBe(balance + 17);

    const deadline = Date.now() + 10_000;
    while ((await listeners()).length < 2) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const started = performance.now();
    const next = nextBalance(onA, balance + 17, 5_000);
    await transfer(cluster.origins[1]!, sender!, recipient, 13);
    const { pulse, at } = await next;
    expect(pulse.balance).toBe(balance + 30);
    expect(at - started).toBeLessThan(1_000);
  });
});
