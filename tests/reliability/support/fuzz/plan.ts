import fc from 'fast-check';
import type { ApiRoute } from '../../../../apps/api/src/app';
import { routeArbitraries, routeContext, type FuzzCase } from './cases';
import type { Images } from './multipart-cases';
import { routeInputs } from './route-inputs';

/** A stable number for a route key, so each route has its own seed. */
function hash(text: string): number {
  let h = 0;
  for (const ch of text) h = (Math.imul(h, 31) + (ch.codePointAt(0) ?? 0)) | 0;
  return h >>> 0;
}

export interface PlanOptions {
  seed: number;
  /** Requests per route that reads input (a body, query or path schema, an upload). */
  perRoute: number;
  /** Requests per route that reads none (junk is all the fuzzer can send it). */
  perInputFreeRoute: number;
  images: Images;
  realParams: Record<string, Record<string, string>>;
}

/** Cases are made this many at a time, so a long run never holds them all in memory. */
const CHUNK = 100;

/**
 * One route's requests, from a fixed seed (the same run every time): two of each kind of
 * mutation that applies to the route, then random ones up to the route's count.
 */
export function* routeCases(route: ApiRoute, options: PlanOptions): Generator<FuzzCase> {
  const key = `${route.method} ${route.url}`;
  const inputs = routeInputs(route);
  const seed = (options.seed ^ hash(key)) >>> 0;
  const ctx = routeContext(route, inputs, options.images, options.realParams[key] ?? {}, seed);
  const arbitraries = routeArbitraries(ctx);
  for (const [i, arb] of arbitraries.entries())
    yield* fc.sample(arb, { seed: seed + i, numRuns: 2 });
  const readsInput =
    inputs.body || inputs.query || inputs.params || inputs.looseParams || inputs.upload;
  let left = (readsInput ? options.perRoute : options.perInputFreeRoute) - 2 * arbitraries.length;
  const any = fc.oneof(...arbitraries);
  for (let chunk = 0; left > 0; chunk += 1) {
    const n = Math.min(CHUNK, left);
    yield* fc.sample(any, { seed: seed + 1_000 + chunk, numRuns: n });
    left -= n;
  }
}

/** Judging costs two database snapshots per request: an even spread of at most `max`. */
export function spread<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  const step = items.length / max;
  return Array.from({ length: max }, (_, i) => items[Math.floor(i * step)] as T);
}
