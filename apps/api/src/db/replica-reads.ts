import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client';

/**
 * Reads that may lag (docs/decisions/0052): a handle that is the replica behind DATABASE_READ_URL
 * while it is a healthy standby within the lag bound, and the primary otherwise. A check every few
 * seconds asks the replica whether it is in recovery and how far its replay is behind; a URL that
 * reaches a primary (a misconfiguration, or a standby promoted in a failover), an unreachable
 * host or a lag past the bound each turn the reads back to the primary, logged once per change.
 *
 * Which reads use it is decided in services.ts: admin analytics, admin exports and the monthly
 * statements; everything a customer reads right after writing stays on the primary.
 */

export type ReplicaState = 'replica' | 'lagging' | 'is-primary' | 'unreachable' | 'unchecked';

export interface ReplicaReads {
  /** What the lag-tolerant services read from: `.db` is the replica or the primary, now. */
  database: Database;
  state(): ReplicaState;
  /** Seconds the replica's replay is behind (0 when it has replayed all it received). */
  lagSeconds(): number | undefined;
  /** One check now (also run every intervalMs once started). */
  check(): Promise<void>;
  start(intervalMs: number): void;
  close(): Promise<void>;
}

export interface ReplicaOptions {
  primary: Database;
  readUrl: string;
  maxLagSeconds: number;
  poolMax: number;
  warn(context: Record<string, unknown>, message: string): void;
  info(context: Record<string, unknown>, message: string): void;
}

/**
 * Lag as the replica sees it: nothing received that is not yet replayed is no lag at all (an idle
 * primary sends nothing, and the last replay's age would grow forever); otherwise the age of the
 * last transaction replayed.
 */
const LAG_QUERY = sql`select pg_is_in_recovery() as standby,
  case when pg_last_wal_receive_lsn() is null or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
       then 0
       else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)
  end::float8 as lag`;

export function openReplicaReads(options: ReplicaOptions): ReplicaReads {
  const replica = openDatabase({
    databaseUrl: options.readUrl,
    poolMax: options.poolMax,
    onConnectionError: (err) => options.warn({ err }, 'a replica connection broke'),
  });
  let state: ReplicaState = 'unchecked';
  let lag: number | undefined;
  let timer: NodeJS.Timeout | undefined;

  const host = (() => {
    try {
      const url = new URL(options.readUrl);
      return `${url.hostname}:${url.port || 5432}`;
    } catch {
      return 'DATABASE_READ_URL';
    }
  })();

  const become = (next: ReplicaState, context: Record<string, unknown> = {}) => {
    if (next === state) return;
    const was = state;
    state = next;
    const messages: Record<ReplicaState, string> = {
      replica: 'DATABASE_READ_URL: lag-tolerant reads go to the replica',
      lagging: `DATABASE_READ_URL: the replica is more than ${options.maxLagSeconds} s behind; reads fall back to the primary`,
      'is-primary':
        'DATABASE_READ_URL points at a primary (not in recovery); reads fall back to DATABASE_URL',
      unreachable: 'DATABASE_READ_URL is unreachable; reads fall back to DATABASE_URL',
      unchecked: '',
    };
    const log = next === 'replica' ? options.info : options.warn;
    log({ ...context, host, was }, messages[next]);
  };

  async function check() {
    try {
      const result = (await replica.db.execute(LAG_QUERY)) as unknown as {
        rows: { standby: boolean; lag: number }[];
      };
      const row = result.rows[0];
      if (!row?.standby) {
        lag = undefined;
        become('is-primary');
        return;
      }
      lag = Number(row.lag);
      become(lag > options.maxLagSeconds ? 'lagging' : 'replica', { lagSeconds: lag });
    } catch (err) {
      lag = undefined;
      become('unreachable', { err });
    }
  }

  const database: Database = {
    ...replica,
    // A getter: the services read `database.db` at each query, so a fallback takes effect at once.
    get db() {
      return state === 'replica' ? replica.db : options.primary.db;
    },
    kind: 'postgres',
    // The replica's schema is the primary's (physical replication): nothing to migrate here, and
    // nothing of this node's functions to apply.
    migrate: async () => 'superseded',
    isReady: () => options.primary.isReady(),
    close: () => replica.close(),
  };

  return {
    database,
    state: () => state,
    lagSeconds: () => lag,
    check,
    start(intervalMs) {
      timer = setInterval(() => void check(), intervalMs);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      await replica.close();
    },
  };
}
