import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  haDown,
  haUp,
  killMember,
  layout,
  leaderIndex,
  memberName,
  memberStatus,
  startMember,
  syncStandbyIndex,
  readUrl,
  writeUrl,
  type HaOptions,
} from '../../scripts/ha/topology';
import { startCluster, type Cluster } from '../reliability/support/cluster/cluster';
import { call } from '../reliability/support/cluster/http';
import { startBurst, type Operation } from './support/burst';
import { expectClean, judge, writesUnavailableSeconds, type Verdict } from './support/verdict';

/**
 * The database tier losing a machine under load (`npm run test:failover`): three API processes
 * behind nginx on a Patroni cluster of two PostgreSQL members (synchronous replication) behind
 * HAProxy, etcd as the consensus store. Mid-burst the primary's postgres and its Patroni are
 * killed with SIGKILL; the standby must be promoted by itself and the API go on without a
 * restart. Every operation the clients were told succeeded must be on the new primary, none
 * twice, every order final and the ledger audit clean. Then the old primary rejoins as a standby
 * (pg_rewind through Patroni) and the cluster fails over the other way; then the standby is lost
 * and purchases go on.
 *
 * Ports of its own (not ha:up's defaults, so a developer's topology can stay up meanwhile).
 */

const CUSTOMERS = 10;
/** Load before the kill, and after the new primary answers. */
const CALM_MS = 4_000;
const AFTER_MS = 5_000;

/** This month in Lagos (UTC+1), as the statement route wants it. */
const month = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 7);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

describe('the database tier losing a machine under load', () => {
  const ha: HaOptions = {
    workDir: mkdtempSync(path.join(tmpdir(), 'owo-failover-')),
    scope: 'owo',
    ports: {
      etcdClient: 12389,
      etcdPeer: 12390,
      postgres: [15442, 15443],
      patroniRest: [18018, 18019],
      haproxyWrite: 15510,
      haproxyRead: 15511,
    },
  };
  let cluster: Cluster;
  const all: Operation[] = [];

  beforeAll(async () => {
    const started = Date.now();
    await haUp(ha);
    cluster = await startCluster({
      adminUrl: writeUrl(ha),
      processes: 3,
      users: CUSTOMERS,
      // A refused VTpass order would move to DataStation: a move whose commit is cut off never
      // calls DataStation, and its order rightly waits for an admin (seed's airtimeRoute).
      airtimeRoute: ['vtpass'],
      env: (database) => ({
        // The lag-tolerant reads on HAProxy's read port: the replica, or the primary while the
        // only replica is the one being promoted (decision 0052).
        DATABASE_READ_URL: readUrl(ha, database.name),
        RECONCILER_INTERVAL_MS: '300',
        // Orders cut off mid-flight are the reconciler's after this long.
        PROCESSING_GRACE_MS: '3000',
        PROVIDER_TIMEOUT_MS: '1400',
        LIMIT_UNVERIFIED_DAILY_NAIRA: '1000000000',
        LIMIT_UNVERIFIED_BALANCE_NAIRA: '1000000000',
      }),
    });
    console.log(
      `failover: topology and cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 300_000);

  afterAll(async () => {
    // The daemons go down whatever the cluster's stop does: etcd or HAProxy left running would
    // hold their ports and break the next run on this machine.
    try {
      await cluster?.stop();
    } finally {
      await haDown(ha);
      rmSync(ha.workDir, { recursive: true, force: true });
    }
  }, 300_000);

  /**
   * Orders left open: what they wait for, what each API process logged and what the new primary's
   * sessions are doing (a job pass stuck on a connection to the killed member shows here).
   */
  async function explainOpenOrders(verdict: Verdict) {
    console.log(`failover: open orders\n${verdict.openDetail ?? ''}`);
    const sessions = await cluster.database
      .query<Record<string, unknown>>(
        `select pid, state, wait_event_type, wait_event, now() - xact_start as in_xact,
                left(query, 120) as query
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      )
      .catch((error: unknown) => [{ error: String(error) }]);
    console.log(`failover: sessions on the primary ${JSON.stringify(sessions, null, 1)}`);
    cluster.apis.forEach((api, i) =>
      console.log(`failover: API process ${i + 1} said:\n${api.output().slice(-4_000)}`),
    );
  }

  /** Load, kill the leader mid-burst, wait for the other member to lead, load on, judge. */
  async function failOverUnderLoad() {
    const leader = await until('a leader', () => leaderIndex(ha), 60_000);
    const burst = startBurst(cluster, CUSTOMERS);
    await sleep(CALM_MS);
    const killedAt = Date.now();
    killMember(ha, leader);
    const promoted = await until(
      'the standby promoted',
      async () => {
        const now = await leaderIndex(ha);
        return now !== undefined && now !== leader ? now : undefined;
      },
      120_000,
    );
    const promotedAfter = (Date.now() - killedAt) / 1000;
    await sleep(AFTER_MS);
    const operations = await burst.stop();
    all.push(...operations);
    const verdict = await judge(cluster.database, all);
    const unavailable = writesUnavailableSeconds(operations, killedAt);
    console.log(
      `failover: acknowledged ${verdict.acknowledged}, lost ${verdict.lost}, duplicated ${verdict.duplicated}, open ${verdict.open}, audit ok, writes unavailable ${unavailable.toFixed(1)} s`,
    );
    console.log(
      `failover: pg${leader + 1} killed, pg${promoted + 1} promoted after ${promotedAfter.toFixed(1)} s; ${operations.length} operations this round, ${operations.flatMap((o) => o.attempts).filter((a) => a.status === 503).length} answers 503`,
    );
    if (verdict.open > 0) await explainOpenOrders(verdict);
    expectClean(verdict);
    // Every process is still up and ready: no restart was needed. A statement (a lag-tolerant
    // read, DATABASE_READ_URL) is served whether the read port reaches a replica or nothing.
    for (const origin of cluster.origins) {
      expect((await call(origin, 'GET', '/api/ready')).status).toBe(200);
      const statement = await call(origin, 'GET', `/api/transactions/statement?month=${month()}`, {
        token: cluster.users[0]!.token,
      });
      expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    }
    return { leader, promoted };
  }

  /** The killed member started again: Patroni rewinds it and it follows as the sync standby. */
  async function rejoin(member: number) {
    const started = Date.now();
    startMember(ha, member);
    // Crash recovery, then pg_rewind, then streaming: minutes on a loaded machine. On a timeout
    // the member's own log says why.
    const log = () => readFileSync(layout(ha).logFile(memberName(member)), 'utf8').slice(-4_000);
    try {
      await until(
        `pg${member + 1} back as a replica`,
        async () => ((await memberStatus(ha, member)).role === 'replica' ? true : undefined),
        300_000,
      );
      await until(
        `pg${member + 1} the synchronous standby`,
        async () => ((await syncStandbyIndex(ha)) === member ? true : undefined),
        180_000,
      );
    } catch (error) {
      throw new Error(`${String(error)}\n${log()}`);
    }
    // What Patroni did to make the old timeline follow the new one (pg_rewind, or nothing to do).
    const rewind = readFileSync(layout(ha).logFile(memberName(member)), 'utf8')
      .split('\n')
      .filter((line) => /rewind/i.test(line))
      .slice(-2)
      .map((line) => line.replace(/^\S+ \S+ /, ''));
    console.log(`failover: pg${member + 1} ${rewind.join(' / ') || 'needed no rewind'}`);
    console.log(
      `failover: pg${member + 1} rejoined as the synchronous standby in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  it('a kill -9 of the primary mid-burst loses nothing acknowledged, charges nothing twice', async () => {
    const { leader } = await failOverUnderLoad();
    await rejoin(leader);
  }, 600_000);

  it('fails over the other way once the old primary has rejoined', async () => {
    const { leader } = await failOverUnderLoad();
    await rejoin(leader);
  }, 600_000);

  it('the standby lost: purchases go on on the primary alone, and it rejoins and catches up', async () => {
    const leader = await until('a leader', () => leaderIndex(ha), 60_000);
    const standby = ha.ports.postgres.findIndex((_, i) => i !== leader);
    const burst = startBurst(cluster, CUSTOMERS, ['purchase']);
    await sleep(2_000);
    const killedAt = Date.now();
    killMember(ha, standby);
    // Not strict (decision 0051): Patroni takes the lost standby out of
    // synchronous_standby_names and commits stop waiting for it.
    await until(
      'no synchronous standby named',
      async () => {
        const sync = await syncStandbyIndex(ha);
        return sync === undefined ? true : undefined;
      },
      60_000,
    );
    await sleep(AFTER_MS);
    const operations = await burst.stop();
    all.push(...operations);
    const afterKill = operations.filter((op) => op.attempts[0]!.sentAt >= killedAt);
    if (afterKill.length === 0) {
      const verdict = await judge(cluster.database, all);
      await explainOpenOrders(verdict);
    }
    expect(afterKill.length).toBeGreaterThan(0);
    // Purchases went on: each got its final answer (a commit may have waited for Patroni to
    // drop the standby, never failed).
    for (const op of afterKill) expect(op.final?.status, JSON.stringify(op.attempts)).toBeDefined();
    const slowest = Math.max(
      ...afterKill.map((op) => op.attempts.at(-1)!.answeredAt - op.attempts[0]!.sentAt),
    );
    expect(await leaderIndex(ha)).toBe(leader);
    await rejoin(standby);
    const verdict = await judge(cluster.database, all);
    console.log(
      `failover: standby pg${standby + 1} lost: ${afterKill.length} purchases after the kill, slowest ${(slowest / 1000).toFixed(1)} s, ${afterKill.flatMap((o) => o.attempts).filter((a) => a.status === 503).length} answers 503; rejoined`,
    );
    expectClean(verdict);
  }, 600_000);
});
