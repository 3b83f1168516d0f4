import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { hashSecret, verifySecret } from '../../apps/api/src/lib/hashing';

export interface Argon2Result {
  /** argon2id with the app's parameters (lib/hashing.ts): 19 MiB, 2 passes, 1 lane. */
  hashMs: number;
  single: { opsPerSecond: number; meanMs: number };
  concurrent: { concurrency: number; opsPerSecond: number; meanMs: number };
  /** libuv threadpool size: @node-rs/argon2 runs each verification on one of its threads. */
  threadpool: number;
  cores: number;
}

async function loop(seconds: number, concurrency: number, hashed: string, pin: string) {
  const end = performance.now() + seconds * 1000;
  let ops = 0;
  let busyMs = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      if (!(await verifySecret(hashed, pin))) throw new Error('argon2 verify failed');
      busyMs += performance.now() - started;
      ops += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return { opsPerSecond: round(ops / elapsed), meanMs: round(busyMs / Math.max(1, ops)) };
}

const round = (x: number) => Math.round(x * 10) / 10;

/**
 * What one PIN check costs on this machine, in this process (nothing else running): the app's
 * verifySecret on a hash from the app's hashSecret, one at a time and `concurrency` at a time.
 */
export async function benchArgon2(concurrency: number, seconds: number): Promise<Argon2Result> {
  const started = performance.now();
  const hashed = await hashSecret('1234');
  const hashMs = round(performance.now() - started);
  await verifySecret(hashed, '1234');
  const single = await loop(seconds, 1, hashed, '1234');
  const concurrent = await loop(seconds, concurrency, hashed, '1234');
  return {
    hashMs,
    single,
    concurrent: { concurrency, ...concurrent },
    threadpool: Number(process.env.UV_THREADPOOL_SIZE) || 4,
    cores: os.availableParallelism(),
  };
}
