import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** CPU accounting from /proc (Linux): who used the two cores during a pass. */

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    } catch {
      ticksPerSecond = 100;
    }
    if (!Number.isFinite(ticksPerSecond) || ticksPerSecond <= 0) ticksPerSecond = 100;
  }
  return ticksPerSecond;
}

interface ProcessCpu {
  comm: string;
  /** The parent: an API cluster's workers are the children of its primary. */
  ppid: number;
  /** utime + stime, seconds. */
  own: number;
  /** cutime + cstime: children that have exited and been reaped (postgres backends, pgbench). */
  children: number;
}

function readProcess(pid: string): ProcessCpu | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may contain spaces; fields resume after ") ".
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const f = stat
      .slice(close + 2)
      .split(' ')
      .map(Number);
    const t = clockTicks();
    return {
      comm,
      ppid: f[1] ?? 0,
      own: ((f[11] ?? 0) + (f[12] ?? 0)) / t,
      children: ((f[13] ?? 0) + (f[14] ?? 0)) / t,
    };
  } catch {
    return undefined;
  }
}

/** Every process on the machine: pid → CPU so far. */
function allProcesses(): Map<number, ProcessCpu> {
  const out = new Map<number, ProcessCpu>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const p = readProcess(entry);
    if (p) out.set(Number(entry), p);
  }
  return out;
}

/** Machine-wide busy and total CPU time from /proc/stat, seconds (all cores). */
export function machineCpu(): { busy: number; total: number; irq: number; steal: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already in user). Steal is
  // time the hypervisor gave to someone else: neither ours nor idle.
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = v;
  const busy = user + nice + system + irq + softirq;
  return {
    busy: busy / clockTicks(),
    total: (busy + idle + iowait + steal) / clockTicks(),
    irq: (irq + softirq) / clockTicks(),
    steal: steal / clockTicks(),
  };
}

export interface CpuSnapshot {
  at: number;
  machine: { busy: number; total: number; irq: number; steal: number };
  processes: Map<number, ProcessCpu>;
}

export function cpuSnapshot(): CpuSnapshot {
  return { at: performance.now(), machine: machineCpu(), processes: allProcesses() };
}

/** CPU used between two snapshots, in cores (1.0 = one core busy for the whole window). */
export interface CpuUse {
  seconds: number;
  machineBusyCores: number;
  /** All postgres processes, backends that exited meanwhile included (postmaster's cutime). */
  postgresCores: number;
  /** The API process, and with API_PROCESSES > 1 its workers (its children) summed. */
  apiCores: number | undefined;
  /** The provider sandbox, when it runs in its own process (--sandbox-process). */
  sandboxCores: number | undefined;
  /** This process (the HTTP load generator and the samplers). */
  loadGeneratorCores: number;
  /** This process's children that exited meanwhile: pgbench in its pass. */
  exitedChildrenCores: number;
  /**
   * Interrupt handling (loopback networking among it). Informational: depending on the kernel it
   * is also inside the processes' own times, so it is not subtracted.
   */
  irqCores: number;
  /** Busy time the processes above do not account for: the kernel, other work on the machine. */
  otherCores: number;
  /** Time the hypervisor ran someone else on our cores (a noisy neighbour slows every figure). */
  stealCores: number;
  /** The biggest of those other processes (someone's build or test run skews the figures). */
  topOthers: { pid: number; comm: string; cores: number }[];
}

export function cpuUse(
  after: CpuSnapshot,
  before: CpuSnapshot,
  apiPid: number | undefined,
  sandboxPid?: number,
): CpuUse {
  const seconds = (after.at - before.at) / 1000;
  const cores = (x: number) => Math.round((x / seconds) * 100) / 100;
  const delta = (pid: number, field: 'own' | 'children') =>
    (after.processes.get(pid)?.[field] ?? 0) - (before.processes.get(pid)?.[field] ?? 0);
  let postgres = 0;
  let api: number | undefined;
  let sandbox: number | undefined;
  let self = 0;
  let exitedChildren = 0;
  const others: { pid: number; comm: string; seconds: number }[] = [];
  for (const [pid, p] of after.processes) {
    const own = delta(pid, 'own');
    if (p.comm === 'postgres') postgres += own + delta(pid, 'children');
    // A cluster's primary: its workers that exited meanwhile are in its cutime.
    else if (pid === apiPid) api = (api ?? 0) + own + delta(pid, 'children');
    else if (apiPid !== undefined && p.ppid === apiPid) api = (api ?? 0) + own;
    else if (pid === sandboxPid) sandbox = own;
    else if (pid === process.pid) {
      self = own;
      exitedChildren = delta(pid, 'children');
    } else {
      const used = own + delta(pid, 'children');
      if (used > 0) others.push({ pid, comm: p.comm, seconds: used });
    }
  }
  // A postgres process that exited meanwhile shows up whole in the postmaster's cutime: take
  // off what it had used before the window.
  for (const [pid, p] of before.processes) {
    if (p.comm === 'postgres' && !after.processes.has(pid)) postgres -= p.own + p.children;
    // The same for an API worker that exited (and was replaced) during the window.
    if (api !== undefined && p.ppid === apiPid && !after.processes.has(pid)) {
      api -= p.own + p.children;
    }
  }
  const machineBusy = after.machine.busy - before.machine.busy;
  const irq = after.machine.irq - before.machine.irq;
  others.sort((a, b) => b.seconds - a.seconds);
  return {
    seconds: Math.round(seconds * 100) / 100,
    machineBusyCores: cores(machineBusy),
    postgresCores: cores(postgres),
    apiCores: api === undefined ? undefined : cores(api),
    sandboxCores: sandbox === undefined ? undefined : cores(sandbox),
    loadGeneratorCores: cores(self),
    exitedChildrenCores: cores(exitedChildren),
    irqCores: cores(irq),
    stealCores: cores(after.machine.steal - before.machine.steal),
    otherCores: cores(
      Math.max(0, machineBusy - postgres - (api ?? 0) - (sandbox ?? 0) - self - exitedChildren),
    ),
    topOthers: others
      .slice(0, 3)
      .map((o) => ({ pid: o.pid, comm: o.comm, cores: cores(o.seconds) }))
      .filter((o) => o.cores >= 0.02),
  };
}

/**
 * Samples pg_stat_activity for one database every intervalMs: how many of its connections are
 * running, waiting on a lock, idle inside a transaction (waiting for the API between
 * statements), or idle in the pool. Averages per sample are the "where the time goes" of the
 * database side.
 */
export class ActivitySampler {
  private client: pg.Client;
  private running = false;
  private loop: Promise<void> | undefined;
  private samples = 0;
  private buckets = new Map<string, number>();

  constructor(
    adminUrl: string,
    private readonly database: string,
    private readonly intervalMs = 100,
  ) {
    this.client = new pg.Client({ connectionString: adminUrl });
  }

  async start() {
    await this.client.connect();
    this.running = true;
    // A failed sample ends the sampling; the pass goes on with what was gathered.
    this.loop = this.run().catch(() => {
      this.running = false;
    });
  }

  private async run() {
    while (this.running) {
      const started = performance.now();
      const { rows } = await this.client.query<{
        state: string | null;
        wait_event_type: string | null;
        wait_event: string | null;
        query: string | null;
      }>(
        `select state, wait_event_type, wait_event, left(query, 60) as query from pg_stat_activity
          where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()`,
        [this.database],
      );
      this.samples += 1;
      for (const r of rows) {
        let bucket = label(r.state, r.wait_event_type, r.wait_event);
        // For lock waits, which statement waits (the row it wants is another transaction's).
        if (r.state === 'active' && r.wait_event_type === 'Lock' && r.query) {
          bucket += ` in «${r.query.replace(/\s+/g, ' ').slice(0, 40)}…»`;
        }
        this.buckets.set(bucket, (this.buckets.get(bucket) ?? 0) + 1);
      }
      const rest = this.intervalMs - (performance.now() - started);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
  }

  /** Stops sampling; average connections per state, largest first. */
  async stop(): Promise<{ samples: number; averages: Record<string, number> }> {
    this.running = false;
    await this.loop;
    await this.client.end().catch(() => {});
    const averages = [...this.buckets.entries()]
      .map(([k, v]) => [k, Math.round((v / Math.max(1, this.samples)) * 100) / 100] as const)
      .sort((a, b) => b[1] - a[1]);
    return { samples: this.samples, averages: Object.fromEntries(averages) };
  }
}

function label(state: string | null, type: string | null, event: string | null): string {
  if (state === 'active') return type ? `active, waiting ${type}:${event}` : 'active, on CPU';
  if (state === 'idle in transaction') return 'idle in transaction (waiting for the API)';
  if (state === 'idle') return 'idle (in the pool)';
  return state ?? 'unknown';
}

/**
 * CPU of the backends connected to one database, read from /proc every `everyMs`: on a server
 * other work shares, "all postgres processes" counts theirs too. A backend seen at the start
 * counts from there, one that appears later from its start; one that exits counts up to its last
 * sample (pgbench's exit before the pass ends). The server's own processes (WAL writer,
 * checkpointer, autovacuum) belong to no database and are left out, on both sides of a ratio.
 */
export class DatabaseCpuSampler {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;

  constructor(
    private readonly database: string,
    private readonly everyMs = 200,
  ) {}

  start(): void {
    this.startedAt = performance.now();
    this.sample(true);
    this.timer = setInterval(() => this.sample(false), this.everyMs);
  }

  /** Cores the database's backends used since start(). */
  stop(): number {
    clearInterval(this.timer);
    this.sample(false);
    const seconds = (performance.now() - this.startedAt) / 1000;
    let used = 0;
    for (const [pid, own] of this.last) used += own - (this.first.get(pid) ?? 0);
    return Math.round((used / seconds) * 100) / 100;
  }

  private sample(initial: boolean): void {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const p = readProcess(entry);
      if (p?.comm !== 'postgres') continue;
      let cmdline: string;
      try {
        cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      // A backend's title: "postgres: 15/main: <user> <database> <client> <state>".
      if (!cmdline.includes(` ${this.database} `)) continue;
      const pid = Number(entry);
      if (initial) this.first.set(pid, p.own);
      this.last.set(pid, p.own);
    }
  }
}
