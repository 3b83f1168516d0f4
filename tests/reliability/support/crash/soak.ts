import type { ApiProcess } from '../../../../scripts/bench/api-process';
import { CRASH_POINTS } from '../../../../apps/api/src/lib/crash-points';
import { killNow, waitForExit, type Cluster, type Customer } from './cluster';
import { expectEverythingOnce, waitUntilAllEnded, type Outcomes } from './checks';
import {
  PHONES,
  depositIntent,
  payDeposit,
  purchaseIntent,
  swapIntent,
  transferIntent,
  untilSettled,
  type Intent,
} from './flows';
import { seededRandom } from '../../../../scripts/bench/seeded-random';

export interface SoakReport {
  seed: number;
  kills: number;
  /** Kills per crash point; "outside" = the test's SIGKILL at a random moment. */
  byPoint: Record<string, number>;
  starts: number;
  intents: Record<string, number>;
  outcomes: Outcomes;
  seconds: number;
  /** From the last start to every retry answered and every order ended. */
  recoverySeconds: number;
}

/** Keeps trying a step that needs the API (a dead process, a 5xx) until it succeeds. */
async function withApi<T>(base: () => string | undefined, step: (b: string) => Promise<T>) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const b = base();
    if (b) {
      try {
        return await step(b);
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Clients, each with up to IN_FLIGHT_PER_CLIENT requests being answered or retried at once. */
const CLIENTS = 12;
const IN_FLIGHT_PER_CLIENT = 4;

function exitedWithin(api: ApiProcess, ms: number): Promise<boolean> {
  return Promise.race([
    waitForExit(api, ms + 1_000).then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), ms)),
  ]).catch(() => false);
}

/**
 * The soak: API processes started one after another, each with a random crash point and hit
 * count (or, when that point is not reached within a few seconds, killed by the test at a random
 * moment), while twelve clients keep up to 48 purchases, transfers, deposits and swaps in flight
 * and retry each through every death. Once `kills` kills are done, a process without a crash
 * point lets every client finish and the reconciler end every order; then the same checks as the
 * short run.
 */
export async function runSoak(
  c: Cluster,
  options: { seed: number; kills: number },
): Promise<SoakReport> {
  const started = Date.now();
  const rand = seededRandom(options.seed);
  const admin = await c.admin();
  const funded: Customer[] = [];
  for (let i = 0; i < 12; i += 1) funded.push(await c.customer(20_000));

  let base: string | undefined;
  let aborted: unknown;
  // Throws once the kill loop has failed, so no client waits for a process that will never come.
  const current = () => {
    if (aborted) throw new Error(`the kill loop failed: ${String(aborted)}`);
    return base;
  };
  const byPoint: Record<string, number> = {};
  let kills = 0;
  let finalStart = 0;

  const killer = async () => {
    while (kills < options.kills) {
      const point = rand.pick(CRASH_POINTS);
      const api = await c.start({ crashAt: `${point}@${1 + rand.int(3)}`, reconcile: true });
      base = `http://127.0.0.1:${api.port}`;
      c.frontDoor.setDefault(api.port);
      const died = await exitedWithin(api, 3_000 + rand.int(5_000));
      base = undefined;
      c.frontDoor.setDefault(undefined);
      if (!died) killNow(api);
      await waitForExit(api);
      await api.stop();
      const name = died ? point : 'outside';
      byPoint[name] = (byPoint[name] ?? 0) + 1;
      kills += 1;
    }
    finalStart = Date.now();
    const api = await c.start({ reconcile: true });
    base = `http://127.0.0.1:${api.port}`;
    c.frontDoor.setDefault(api.port);
  };

  const intents: Intent[] = [];
  const phones = [
    PHONES.delivered,
    PHONES.delivered,
    PHONES.failed,
    PHONES.pendingThenDelivered,
    PHONES.pendingThenReversed,
    PHONES.timeout,
  ];
  const failures: unknown[] = [];
  const client = async (n: number) => {
    const r = seededRandom(options.seed * 1_000 + n);
    const inFlight = new Set<Promise<void>>();
    while (kills < options.kills && !aborted) {
      if (inFlight.size >= IN_FLIGHT_PER_CLIENT) {
        await Promise.race(inFlight);
        continue;
      }
      const roll = r.next();
      let intent: Intent;
      if (roll < 0.5) {
        intent = purchaseIntent(r.pick(funded), r.pick(phones));
      } else if (roll < 0.75) {
        const from = r.pick(funded);
        const to = r.pick(funded.filter((u) => u !== from));
        intent = transferIntent(from, to, 20 + r.int(200));
      } else if (roll < 0.9) {
        // A checkout whose opening was cut is left unpaid (it moves no money); a new one is opened.
        const user = r.pick(funded);
        const deposit = await withApi(current, (b) => depositIntent(c, b, user, 100 + r.int(900)));
        await payDeposit(c, deposit);
        intent = deposit;
      } else {
        // One open swap per customer: a swap cut before it reached the admin is left as it is and
        // a new customer starts another.
        intent = await withApi(current, async (b) =>
          swapIntent(b, await c.customer(0), admin, 100 * (1 + r.int(20))),
        );
      }
      intents.push(intent);
      // Retried in the background while this client starts more: many orders in flight at each
      // kill. No deadline of its own: a retry waiting on an order still in flight (15 s) may
      // outlive several processes and answers once one lives long enough, at the latest the last.
      const settling: Promise<void> = untilSettled(intent, current, 3_600_000).then(
        () => {},
        (error: unknown) => {
          failures.push(error);
        },
      );
      inFlight.add(settling);
      void settling.then(() => inFlight.delete(settling));
      await new Promise((w) => setTimeout(w, 100 + r.int(400)));
    }
    await Promise.all(inFlight);
  };

  const killing = killer().catch((error: unknown) => {
    aborted = error;
    throw error;
  });
  await Promise.all([killing, ...Array.from({ length: CLIENTS }, (_, n) => client(n))]);
  if (failures.length > 0) throw failures[0];
  await waitUntilAllEnded(c, 300_000);
  const recoverySeconds = (Date.now() - finalStart) / 1000;
  const outcomes = await expectEverythingOnce(c, intents);
  const counts: Record<string, number> = {};
  for (const i of intents) counts[i.kind] = (counts[i.kind] ?? 0) + 1;
  return {
    seed: options.seed,
    kills,
    byPoint,
    starts: c.starts,
    intents: counts,
    outcomes,
    seconds: (Date.now() - started) / 1000,
    recoverySeconds,
  };
}
