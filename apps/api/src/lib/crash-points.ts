import type { Config } from '../config';

/**
 * Named moments at the phase boundaries of the money flows where the crash tests
 * (tests/reliability/crash-recovery.test.ts) may kill this process with SIGKILL, as a power cut or
 * an OOM kill would: no handler, no cleanup, open transactions rolled back by PostgreSQL.
 */
export const CRASH_POINTS = [
  'purchase:before-reserve',
  'purchase:after-reserve',
  'purchase:after-supplier',
  'purchase:before-settle',
  'purchase:after-post',
  'transfer:before-call',
  'transfer:after-commit',
  'webhook:after-signature',
  'deposit:before-commit',
  'deposit:after-commit',
  'swap:before-commit',
  'swap:after-commit',
] as const;

export type CrashPointName = (typeof CRASH_POINTS)[number];

/** `CRASH_AT=<point>` or `<point>@<n>`: die on the n-th time the point is reached (default 1). */
export interface CrashAt {
  point: CrashPointName;
  hit: number;
}

export function parseCrashAt(value: string): CrashAt | undefined {
  const match = /^([a-z-]+:[a-z-]+)(?:@([1-9]\d{0,5}))?$/.exec(value);
  const point = CRASH_POINTS.find((p) => p === match?.[1]);
  if (!match || !point) return undefined;
  return { point, hit: match[2] ? Number(match[2]) : 1 };
}

/** Hits per point in this process (a restarted process counts from zero). */
const hits = new Map<CrashPointName, number>();

/** Does nothing unless config.crashAt names this point and this is its chosen hit. */
export function crashPoint(config: Pick<Config, 'crashAt'>, name: CrashPointName): void {
  const at = config.crashAt;
  if (!at || at.point !== name) return;
  const count = (hits.get(name) ?? 0) + 1;
  hits.set(name, count);
  // SIGKILL to ourselves: the kernel ends the process before another line of JavaScript runs.
  if (count === at.hit) process.kill(process.pid, 'SIGKILL');
}
