import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../apps/api/src/config';
import { purchases } from '../../apps/api/src/db/schema';
import { POSTGRES_ADMIN_URL, SOAK } from './support/env';
import { startCluster, waitForExit, type Cluster } from './support/crash/cluster';
import { expectEverythingOnce, waitUntilAllEnded } from './support/crash/checks';
import { untilSettled, type Intent } from './support/crash/flows';
import { SCENARIOS, type Scenario } from './support/crash/scenarios';
import { runSoak } from './support/crash/soak';

/**
 * Crashes and faults: the API process is SIGKILLed at each phase boundary of a
 * purchase, a transfer, a PalmPay deposit webhook and a swap payout (CRASH_AT, see
 * apps/api/src/lib/crash-points.ts), restarted without the crash point, the client's request
 * retried as a real client would (same Idempotency-Key, PalmPay's same signed notification, the
 * admin's same action), and once the reconciler has ended every order: the ledger's invariants
 * hold, every order ended exactly once as the supplier's own records say, every deposit was
 * credited once, every swap paid once, and each wallet holds exactly what that implies.
 *
 * PostgreSQL only: it needs the API as a real process that can be killed, and the database
 * outliving it. An embedded PGlite inside the killed process would prove nothing about that, so
 * the PGlite pass skips this file.
 */
describe('CRASH_AT (the crash points switch)', () => {
  const base = { DATA_DIR: '/tmp/owo-crash-config', SESSION_SECRET: 'x'.repeat(40) };
  it('names a known point and its hit, and is refused in production', () => {
    expect(loadConfig({ ...base, CRASH_AT: 'purchase:after-reserve@3' }).crashAt).toEqual({
      point: 'purchase:after-reserve',
      hit: 3,
    });
    expect(loadConfig(base).crashAt).toBeUndefined();
    expect(() => loadConfig({ ...base, CRASH_AT: 'purchase:nowhere' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', CRASH_AT: 'transfer:after-commit' }),
    ).toThrow(/CRASH_AT: not allowed when NODE_ENV=production/);
  });
});

describe.skipIf(!POSTGRES_ADMIN_URL)('crash recovery (API process SIGKILLed)', () => {
  let c: Cluster | undefined;
  beforeAll(async () => {
    c = await startCluster(POSTGRES_ADMIN_URL!);
  });
  afterAll(async () => {
    await c?.close();
  });

  it.skipIf(SOAK)(
    'one kill at every phase boundary of every flow, each order ends once',
    async () => {
      const cluster = c!;
      const admin = await cluster.admin();
      const started = Date.now();
      const killed: { scenario: Scenario; intent: Intent }[] = [];

      // The kills, three processes at a time, each with its own customers and its reconciler off
      // (so it serves nothing but its own flow until it dies).
      const queue = [...SCENARIOS];
      const worker = async () => {
        for (let scenario = queue.shift(); scenario; scenario = queue.shift()) {
          const api = await cluster.start({ crashAt: scenario.crashAt, reconcile: false });
          try {
            const intent = await scenario.crash(cluster, api, admin);
            await waitForExit(api);
            killed.push({ scenario, intent });
          } finally {
            await api.stop();
          }
        }
      };
      // On a failure the other workers finish their current scenario and start no other, so no
      // process is started after the cluster has been closed.
      const settled = await Promise.allSettled(
        [worker(), worker(), worker()].map((w) =>
          w.catch((error: unknown) => {
            queue.length = 0;
            throw error;
          }),
        ),
      );
      for (const result of settled) if (result.status === 'rejected') throw result.reason;
      const killsDone = Date.now();

      // The restart: no crash point, reconciler on; every client retries.
      const api = await cluster.start({ reconcile: true });
      cluster.frontDoor.setDefault(api.port);
      const restarted = Date.now();
      const base = `http://127.0.0.1:${api.port}`;
      await Promise.all(killed.map(({ intent }) => untilSettled(intent, () => base)));
      await waitUntilAllEnded(cluster);
      const recovered = Date.now();

      const outcomes = await expectEverythingOnce(
        cluster,
        killed.map((k) => k.intent),
      );
      for (const { scenario, intent } of killed) {
        if (!scenario.expectOrder) continue;
        const [order] = await cluster.db.db
          .select({ state: purchases.state })
          .from(purchases)
          .where(eq(purchases.userId, intent.user.id));
        expect(order?.state, scenario.point).toBe(scenario.expectOrder);
      }
      expect(killed.map((k) => k.scenario.point).sort()).toEqual(
        SCENARIOS.map((s) => s.point).sort(),
      );
      console.log(
        `crash recovery: ${killed.length} kills (${killed.map((k) => k.scenario.point).join(', ')}); ` +
          `${cluster.starts} API starts; kills phase ${((killsDone - started) / 1000).toFixed(1)} s; ` +
          `restart ${((restarted - killsDone) / 1000).toFixed(1)} s; retries settled and every order ` +
          `ended ${((recovered - restarted) / 1000).toFixed(1)} s after it; outcomes ${JSON.stringify(outcomes)}`,
      );
    },
  );

  it.runIf(SOAK)(
    'at least 100 kills at random points over many orders in flight',
    async () => {
      // CRASH_SOAK_KILLS (at least 100 unless set) and CRASH_SOAK_SEED pick another run.
      const kills = Number(process.env.CRASH_SOAK_KILLS) || 100;
      const seed = Number(process.env.CRASH_SOAK_SEED) || 7;
      const report = await runSoak(c!, { seed, kills });
      expect(report.kills).toBeGreaterThanOrEqual(kills);
      console.log(`crash soak: ${JSON.stringify(report)}`);
    },
    3_600_000,
  );
});
