import { API_MAX_PURCHASES_IN_FLIGHT, API_MAX_PURCHASES_WAITING } from '@owo/shared/constants';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';

/**
 * The reseller API's rate limits (decision 0088).
 *
 * Per key, in this process: fixed one-second and one-minute windows (a counter each, no database
 * round trip on a read). Across all keys, in this process: a per-second budget and a cap on
 * purchases waiting on a supplier at once, so one reseller's burst cannot take every connection
 * and worker from the app's own customers. A key's purchases a minute are counted elsewhere: in
 * the reserve statement, under the user's row lock (owo_purchase_reserve), so that cap holds
 * across every API process at no extra round trip.
 *
 * Every answered request carries the IETF RateLimit header fields
 * (draft-ietf-httpapi-ratelimit-headers: RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset in
 * seconds) of the window nearest to refusing; a refusal is 429 RATE_LIMITED with Retry-After.
 */

interface Window {
  /** The window's number (time / length), so a new window starts from zero. */
  index: number;
  count: number;
}

interface KeyWindows {
  second: Window;
  minute: Window;
}

/** Per-key counters are dropped once their minute has passed, checked at most this often. */
const PRUNE_EVERY_MS = 60_000;

export interface RateStanding {
  limit: number;
  remaining: number;
  resetS: number;
}

export function createApiRateLimits({ config, clock }: Pick<AppDeps, 'config' | 'clock'>) {
  const { perSecond, perMinute, globalPerSecond } = config.apiKeyRate;
  const keys = new Map<string, KeyWindows>();
  let global: Window = { index: -1, count: 0 };
  let inFlight = 0;
  let prunedAt = 0;

  const advance = (w: Window, index: number): Window =>
    w.index === index ? w : { index, count: 0 };

  function prune(now: number) {
    if (now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    const minute = Math.floor(now / 60_000);
    for (const [id, w] of keys) if (w.minute.index < minute) keys.delete(id);
  }

  /**
   * Counts one request of a key, or refuses it (429 with Retry-After). Sets the RateLimit
   * headers either way.
   */
  function admit(keyId: string, reply: FastifyReply): void {
    const now = clock.now().getTime();
    prune(now);
    const second = Math.floor(now / 1000);
    const minute = Math.floor(now / 60_000);
    const w = keys.get(keyId) ?? {
      second: { index: second, count: 0 },
      minute: { index: minute, count: 0 },
    };
    w.second = advance(w.second, second);
    w.minute = advance(w.minute, minute);
    keys.set(keyId, w);
    global = advance(global, second);

    const secondResetS = Math.max(1, Math.ceil(((second + 1) * 1000 - now) / 1000));
    const minuteResetS = Math.max(1, Math.ceil(((minute + 1) * 60_000 - now) / 1000));
    const bySecond = { limit: perSecond, used: w.second.count, resetS: secondResetS };
    const byMinute = { limit: perMinute, used: w.minute.count, resetS: minuteResetS };
    const refusing = [bySecond, byMinute].find((x) => x.used >= x.limit);
    if (refusing) {
      setHeaders(reply, { limit: refusing.limit, remaining: 0, resetS: refusing.resetS });
      throw new AppError('RATE_LIMITED', { retryAfterS: refusing.resetS });
    }
    if (global.count >= globalPerSecond) {
      // Not this key's fault, but it must wait all the same.
      throw new AppError('RATE_LIMITED', { retryAfterS: secondResetS });
    }
    w.second.count += 1;
    w.minute.count += 1;
    global.count += 1;
    const left = (x: typeof bySecond) => x.limit - x.used - 1;
    const nearest = left(bySecond) <= left(byMinute) ? bySecond : byMinute;
    setHeaders(reply, { limit: nearest.limit, remaining: left(nearest), resetS: nearest.resetS });
  }

  /** Purchases waiting for a slot, oldest first. */
  const waiting: Array<() => void> = [];

  async function slot(): Promise<void> {
    if (inFlight < API_MAX_PURCHASES_IN_FLIGHT) {
      inFlight += 1;
      return;
    }
    if (waiting.length >= API_MAX_PURCHASES_WAITING) {
      throw new AppError('RATE_LIMITED', { retryAfterS: 1 });
    }
    // The slot is handed over by the purchase that frees it (inFlight stays counted).
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function free() {
    const next = waiting.shift();
    if (next) next();
    else inFlight -= 1;
  }

  /**
   * Runs one purchase: waits while this process has API_MAX_PURCHASES_IN_FLIGHT purchases
   * running, and is refused when too many already wait.
   */
  async function purchase<T>(run: () => Promise<T>): Promise<T> {
    await slot();
    try {
      return await run();
    } finally {
      free();
    }
  }

  return { admit, purchase };
}

function setHeaders(reply: FastifyReply, standing: RateStanding) {
  reply.header('ratelimit-limit', String(standing.limit));
  reply.header('ratelimit-remaining', String(standing.remaining));
  reply.header('ratelimit-reset', String(standing.resetS));
}

export type ApiRateLimits = ReturnType<typeof createApiRateLimits>;
