import { execFileSync, spawn } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  etcdArgs,
  pgbackrestDirs,
  haproxyConfig,
  patroniConfig,
  pgbackrestConfig,
  type HaPorts,
} from './configs';

/**
 * The database tier on one machine, for development and the failover and PITR tests: one etcd
 * member, two PostgreSQL 15 members managed by Patroni (synchronous replication), HAProxy with a
 * write port (the leader) and a read port (the replicas), and pgBackRest archiving WAL to a
 * directory repository. Every daemon runs detached with its pid in the work directory, so
 * `ha:up` can return and `ha:down` (another process) can stop them. PostgreSQL refuses to run as
 * root: Patroni (and through it PostgreSQL and pgBackRest) runs as the `postgres` user.
 */

export interface HaOptions {
  /** Owned by `postgres` once started; everything of the topology lives under it. */
  workDir: string;
  ports: HaPorts;
  /** Cluster name in etcd (Patroni's scope) and pgBackRest's stanza. */
  scope: string;
}

export const DEFAULT_PORTS: HaPorts = {
  etcdClient: 12379,
  etcdPeer: 12380,
  postgres: [15432, 15433],
  patroniRest: [18008, 18009],
  haproxyWrite: 15500,
  haproxyRead: 15501,
};

export function defaultOptions(): HaOptions {
  return { workDir: path.join(tmpdir(), 'owo-ha'), ports: DEFAULT_PORTS, scope: 'owo' };
}

export interface MemberStatus {
  name: string;
  role: 'primary' | 'replica' | 'down';
  /** From Patroni's REST API: the replica's lag behind the leader's WAL, in bytes. */
  lagBytes?: number;
}

const BIN = '/usr/lib/postgresql/15/bin';

export function postgresUser(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export const memberName = (i: number) => `pg${i + 1}`;

/** The paths of one topology's work directory. */
export function layout(options: HaOptions) {
  const dir = options.workDir;
  return {
    dir,
    etcdData: path.join(dir, 'etcd'),
    run: path.join(dir, 'run'),
    logs: path.join(dir, 'log'),
    repo: path.join(dir, 'pgbackrest'),
    haproxyConfig: path.join(dir, 'haproxy.cfg'),
    member: (i: number) => ({
      name: memberName(i),
      dir: path.join(dir, memberName(i)),
      data: path.join(dir, memberName(i), 'data'),
      patroniConfig: path.join(dir, memberName(i), 'patroni.yml'),
      pgbackrestConfig: path.join(dir, memberName(i), 'pgbackrest.conf'),
    }),
    pidFile: (name: string) => path.join(dir, 'run', `${name}.pid`),
    logFile: (name: string) => path.join(dir, 'log', `${name}.log`),
  };
}

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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

/** Starts a daemon detached (it outlives this process), its output in the log directory. */
function daemon(
  options: HaOptions,
  name: string,
  command: string,
  args: string[],
  asPostgres: boolean,
) {
  const paths = layout(options);
  const log = openSync(paths.logFile(name), 'a');
  const user = asPostgres ? postgresUser() : undefined;
  const child = spawn(command, args, {
    detached: true,
    stdio: ['ignore', log, log],
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    env: {
      PATH: process.env.PATH,
      HOME: asPostgres ? paths.dir : process.env.HOME,
      LANG: 'C.UTF-8',
    },
  });
  closeSync(log);
  if (child.pid === undefined) throw new Error(`could not start ${name}`);
  child.unref();
  writeFileSync(paths.pidFile(name), `${child.pid}\n`);
  return child.pid;
}

/** The Patroni REST API of member i: its role, or down. */
export async function memberStatus(options: HaOptions, i: number): Promise<MemberStatus> {
  const name = memberName(i);
  try {
    const response = await fetch(`http://127.0.0.1:${options.ports.patroniRest[i]}/patroni`, {
      signal: AbortSignal.timeout(2_000),
    });
    const body = (await response.json()) as {
      role?: string;
      state?: string;
      xlog?: { received_location?: number; replayed_location?: number };
    };
    if (body.state !== 'running') return { name, role: 'down' };
    return {
      name,
      role: body.role === 'master' || body.role === 'primary' ? 'primary' : 'replica',
    };
  } catch {
    return { name, role: 'down' };
  }
}

/** The index of the member that is the leader now, or undefined (an election is under way). */
export async function leaderIndex(options: HaOptions): Promise<number | undefined> {
  for (let i = 0; i < options.ports.postgres.length; i += 1) {
    const response = await fetch(`http://127.0.0.1:${options.ports.patroniRest[i]}/primary`, {
      signal: AbortSignal.timeout(2_000),
    }).catch(() => undefined);
    if (response?.status === 200) return i;
  }
  return undefined;
}

/** Member i's Patroni says it is a running replica streaming from the leader. */
async function isStreamingReplica(options: HaOptions, i: number) {
  const response = await fetch(`http://127.0.0.1:${options.ports.patroniRest[i]}/replica`, {
    signal: AbortSignal.timeout(2_000),
  });
  return response.status === 200;
}

/** The synchronous standby the leader names now, if any (Patroni's /sync answers 200 there). */
export async function syncStandbyIndex(options: HaOptions): Promise<number | undefined> {
  for (let i = 0; i < options.ports.postgres.length; i += 1) {
    const response = await fetch(`http://127.0.0.1:${options.ports.patroniRest[i]}/sync`, {
      signal: AbortSignal.timeout(2_000),
    }).catch(() => undefined);
    if (response?.status === 200) return i;
  }
  return undefined;
}

export function postgresUrl(options: HaOptions, port: number, database = 'postgres') {
  return `postgres://postgres@127.0.0.1:${port}/${database}`;
}

export const writeUrl = (options: HaOptions, database = 'postgres') =>
  postgresUrl(options, options.ports.haproxyWrite, database);
export const readUrl = (options: HaOptions, database = 'postgres') =>
  postgresUrl(options, options.ports.haproxyRead, database);

async function answers(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ standby: boolean }>(
      'select pg_is_in_recovery() as standby',
    );
    return rows[0]!.standby;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Starts member i's Patroni (it bootstraps, joins as a replica or resumes, as its data says). */
export function startMember(options: HaOptions, i: number) {
  const member = layout(options).member(i);
  return daemon(options, member.name, '/usr/bin/patroni', [member.patroniConfig], true);
}

/**
 * kill -9 of member i's PostgreSQL postmaster and its Patroni: the machine gone, as far as the
 * others can tell (no clean shutdown, no leader key released).
 */
export function killMember(options: HaOptions, i: number) {
  const paths = layout(options);
  const member = paths.member(i);
  const patroni = readPid(paths.pidFile(member.name));
  const postmaster = readPid(path.join(member.data, 'postmaster.pid'));
  if (patroni) process.kill(patroni, 'SIGKILL');
  if (postmaster) process.kill(postmaster, 'SIGKILL');
  return { patroni, postmaster };
}

/** Runs pgBackRest as `postgres` with member i's configuration. */
export function pgbackrest(options: HaOptions, i: number, args: string[]) {
  const user = postgresUser();
  return execFileSync(
    'pgbackrest',
    [
      `--config=${layout(options).member(i).pgbackrestConfig}`,
      `--stanza=${options.scope}`,
      ...args,
    ],
    { uid: user.uid, gid: user.gid, encoding: 'utf8', cwd: options.workDir },
  );
}

/** Writes every configuration file (also on a restart: the ports may have changed). */
export function writeConfigs(options: HaOptions) {
  const paths = layout(options);
  const user = postgresUser();
  for (const dir of [paths.dir, paths.run, paths.logs, paths.repo, paths.etcdData]) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chownSync(dir, user.uid, user.gid);
  }
  for (let i = 0; i < options.ports.postgres.length; i += 1) {
    const member = paths.member(i);
    for (const dir of [member.dir, ...pgbackrestDirs(member.dir)]) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      chownSync(dir, user.uid, user.gid);
    }
    const pgbackrestPaths = { repo: paths.repo, dir: member.dir, data: member.data };
    writeFileSync(member.pgbackrestConfig, pgbackrestConfig(options, i, pgbackrestPaths));
    writeFileSync(
      member.patroniConfig,
      patroniConfig(options, i, {
        data: member.data,
        bin: BIN,
        socketDir: paths.run,
        pgbackrestConfig: member.pgbackrestConfig,
        pgpass: path.join(member.dir, 'pgpass'),
      }),
    );
    chownSync(member.pgbackrestConfig, user.uid, user.gid);
    chownSync(member.patroniConfig, user.uid, user.gid);
  }
  writeFileSync(paths.haproxyConfig, haproxyConfig(options));
}

export interface Topology {
  options: HaOptions;
  writeUrl(database?: string): string;
  readUrl(database?: string): string;
}

/**
 * Brings the whole topology up and waits until the write port reaches a primary, the read port
 * a streaming replica, the replica is the synchronous standby, and a first full backup is in the
 * repository. Idempotent: a daemon already running is left alone.
 */
export async function haUp(options: HaOptions, log: (line: string) => void = () => {}) {
  const paths = layout(options);
  writeConfigs(options);
  const fresh = !existsSync(paths.member(0).data);

  if (!readPid(paths.pidFile('etcd'))) {
    daemon(options, 'etcd', 'etcd', etcdArgs(options, paths.etcdData), false);
    log(`etcd on ${options.ports.etcdClient}`);
  }
  await until(
    'etcd healthy',
    async () => {
      const r = await fetch(`http://127.0.0.1:${options.ports.etcdClient}/health`);
      return r.ok ? true : undefined;
    },
    30_000,
  );

  // On a fresh work directory the first member alone bootstraps the cluster (initdb), and the
  // others then clone it. On a restart every member starts at once: the one with the newest
  // WAL must be there for anyone to be elected.
  const members = options.ports.postgres.map((_, i) => i);
  for (const i of fresh ? [0] : members) {
    if (!readPid(paths.pidFile(memberName(i)))) startMember(options, i);
  }
  const first = await until(
    'a primary elected',
    async () => leaderIndex(options),
    fresh ? 120_000 : 60_000,
  );
  log(`${memberName(first)} is the primary`);
  for (let i = 0; i < options.ports.postgres.length; i += 1) {
    if (!readPid(paths.pidFile(memberName(i)))) startMember(options, i);
  }
  for (let i = 0; i < options.ports.postgres.length; i += 1) {
    if (i === first) continue;
    await until(
      `${memberName(i)} streaming`,
      async () => ((await isStreamingReplica(options, i)) ? true : undefined),
      180_000,
    );
    log(`${memberName(i)} is a streaming replica`);
  }
  await until('a synchronous standby', async () => syncStandbyIndex(options), 60_000);

  if (!readPid(paths.pidFile('haproxy'))) {
    daemon(
      options,
      'haproxy',
      '/usr/sbin/haproxy',
      ['-W', '-db', '-f', paths.haproxyConfig],
      false,
    );
  }
  await until(
    'HAProxy write port reaches the primary',
    async () => ((await answers(writeUrl(options))) === false ? true : undefined),
    60_000,
  );
  await until(
    'HAProxy read port reaches a replica',
    async () => ((await answers(readUrl(options))) === true ? true : undefined),
    60_000,
  );
  log(`HAProxy: write ${options.ports.haproxyWrite}, read ${options.ports.haproxyRead}`);

  if (fresh || !existsSync(path.join(paths.repo, 'backup', options.scope))) {
    // The stanza (the repository's record of this cluster) and a first full backup, taken from
    // the primary: from then on every WAL segment it archives can be replayed on top.
    const leader = (await leaderIndex(options)) ?? first;
    pgbackrest(options, leader, ['stanza-create']);
    pgbackrest(options, leader, ['check']);
    pgbackrest(options, leader, ['--type=full', 'backup']);
    log('pgBackRest: stanza created, full backup taken');
  }
}

/** Stops every daemon of the topology (SIGTERM, then SIGKILL); `clean` removes the work dir. */
export async function haDown(options: HaOptions) {
  const paths = layout(options);
  // The replicas before the leader: a leader stopped first hands over to a replica, which then
  // holds the newest timeline and must be there for the next start.
  const leader = await leaderIndex(options).catch(() => undefined);
  const members = options.ports.postgres
    .map((_, i) => i)
    .sort((a, b) => Number(a === leader) - Number(b === leader));
  const names = ['haproxy', ...members.map(memberName), 'etcd'];
  for (const name of names) {
    const pid = readPid(paths.pidFile(name));
    if (!pid) continue;
    process.kill(pid, 'SIGTERM');
    // Patroni stops its PostgreSQL first (a fast shutdown); on a loaded machine that takes a
    // while, but a daemon left behind would hold its port for the next start.
    const deadline = Date.now() + 20_000;
    while (isAlive(pid) && Date.now() < deadline) await sleep(200);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  // A postmaster whose Patroni was killed outlives it: stop it too.
  for (let i = 0; i < options.ports.postgres.length; i += 1) {
    const postmaster = readPid(path.join(paths.member(i).data, 'postmaster.pid'));
    if (postmaster) {
      process.kill(postmaster, 'SIGQUIT');
      const deadline = Date.now() + 10_000;
      while (isAlive(postmaster) && Date.now() < deadline) await sleep(200);
    }
  }
}
