import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApi, type ApiProcess } from '../../../scripts/bench/api-process';
import { seed } from '../../../scripts/bench/seed';
import { keyedDigest } from '../../../apps/api/src/lib/hashing';
import { ROOT } from './cluster/cluster';
import { createScratchDatabase, type ScratchDatabase } from './cluster/database';
import { call, type CallOptions, type Reply } from './cluster/http';
import { SOAK } from './env';

/**
 * Bursts as an attacker sends them: hundreds of requests at the same moment from one client
 * address, spread over real API processes on one PostgreSQL database, so every limit is tried
 * where a race can beat it (several connections, several processes).
 *
 * Requests per burst: BURST_N when set, else thousands under `npm run test:soak`, else 200.
 */
export const BURST_N = Number(process.env.BURST_N ?? (SOAK ? 2_000 : 200));

export interface BurstServer {
  origins: string[];
  database: ScratchDatabase;
  /** Seeded customers: verified e-mail, PIN 1234, a session. */
  users: { id: string; email: string; token: string }[];
  /** The secret the processes key OTP digests with: the test can find the code a mail carried. */
  sessionSecret: string;
  /** One call to process `i % processes`, from client address `client` (X-Forwarded-For). */
  send(
    i: number,
    client: string,
    method: string,
    url: string,
    options?: CallOptions,
  ): Promise<Reply>;
  stop(): Promise<void>;
}

/** API processes (TRUST_PROXY on, so X-Forwarded-For names the client) on a scratch database. */
export async function startBurstServer(options: {
  adminUrl: string;
  processes: number;
  users: number;
  /** Extra environment for every process. */
  env?: Record<string, string>;
}): Promise<BurstServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'owo-burst-'));
  const sessionSecret = randomBytes(32).toString('hex');
  const database = await createScratchDatabase(options.adminUrl);
  const apis: ApiProcess[] = [];
  const stop = async () => {
    for (const api of apis) await api.stop().catch(() => {});
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const seeded = await seed({
      databaseUrl: database.url,
      users: options.users,
      dataDir,
      sessionSecret,
    });
    const startOne = () =>
      startApi({
        root: ROOT,
        databaseUrl: database.url,
        // Small pools: a burst queues for connections, as it would on a busy server.
        poolMax: 5,
        dataDir,
        sessionSecret,
        pinCache: false,
        env: { TRUST_PROXY: 'true', ...options.env },
      }).then((api) => {
        apis.push(api);
        return api;
      });
    // The first fills the plan catalogue alone; the others then find it filled.
    await startOne();
    await Promise.all(Array.from({ length: options.processes - 1 }, () => startOne()));
    const rows = await database.query<{ id: string; email: string }>(
      'select id, email from users where id = any($1::uuid[])',
      [seeded.userIds],
    );
    const emailOf = new Map(rows.map((row) => [row.id, row.email]));
    const origins = apis.map((api) => `http://127.0.0.1:${api.port}`);
    return {
      origins,
      database,
      sessionSecret,
      users: seeded.userIds.map((id, i) => ({
        id,
        email: emailOf.get(id)!,
        token: seeded.tokens[i]!,
      })),
      send(i, client, method, url, callOptions = {}) {
        return call(origins[i % origins.length]!, method, url, {
          timeoutMs: 60_000,
          ...callOptions,
          headers: { ...callOptions.headers, 'x-forwarded-for': client },
        });
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface BurstResult {
  replies: Reply[];
  /** Replies by "status code" (e.g. "400 OTP_INVALID", "429 OTP_VERIFY_THROTTLED", "200"). */
  tally: Record<string, number>;
  ms: number;
}

/**
 * Fires `n` requests at once (all started before any is awaited) and waits for every reply,
 * bounded by each call's timeout. `make(i)` builds request i; the last ones go out last.
 */
export async function burst(n: number, make: (i: number) => Promise<Reply>): Promise<BurstResult> {
  const started = performance.now();
  const replies = await Promise.all(Array.from({ length: n }, (_, i) => make(i)));
  const tally: Record<string, number> = {};
  for (const reply of replies) {
    const code = reply.status === 200 ? '200' : `${reply.status} ${reply.body?.code ?? '?'}`;
    tally[code] = (tally[code] ?? 0) + 1;
  }
  return { replies, tally, ms: Math.round(performance.now() - started) };
}

/** Replies the server did not refuse with one of `refusals` (each such reply was evaluated). */
export function notRefused(result: BurstResult, refusals: string[]): number {
  return result.replies.filter((r) => !refusals.includes(String(r.body?.code))).length;
}

/** One line per burst for docs/reliability.md: requests, evaluated, the replies, the time. */
export function report(name: string, n: number, evaluated: number, result: BurstResult): void {
  console.log(
    `[burst] ${name}: ${n} requests, ${evaluated} evaluated, ${JSON.stringify(result.tally)}, ${result.ms} ms`,
  );
}

/**
 * The code the open OTP of (email, purpose) holds, found by trying all 10,000 digests with the
 * processes' secret: the test plays the owner who read the e-mail.
 */
export async function openCode(
  server: BurstServer,
  email: string,
  purpose: 'auth' | 'reset' | 'pin',
): Promise<string> {
  const [row] = await server.database.query<{ code_hash: string }>(
    `select code_hash from otp_codes where email = $1 and purpose = $2 and consumed_at is null
     order by created_at desc limit 1`,
    [email, purpose],
  );
  if (!row) throw new Error(`no open ${purpose} code for ${email}`);
  for (let n = 0; n < 10_000; n++) {
    const code = n.toString().padStart(4, '0');
    if (keyedDigest(server.sessionSecret, `${purpose}:${email}:${code}`) === row.code_hash) {
      return code;
    }
  }
  throw new Error('the open code matches no 4-digit code');
}

/** `n - 1` distinct wrong 4-digit guesses (never `right`), then `right` last. */
export function guessesEndingWith(right: string, n: number): string[] {
  const wrong: string[] = [];
  for (let k = 0; wrong.length < n - 1; k++) {
    const guess = ((Number(right) + 1 + k) % 10_000).toString().padStart(4, '0');
    if (guess !== right) wrong.push(guess);
  }
  return [...wrong, right];
}
