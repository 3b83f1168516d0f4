import {
  PULSE_STREAM_MAX_PER_USER,
  type NotificationPulse,
  type PulseStreamEndCode,
} from '@owo/shared/notifications';
import type { Database } from '../../db/client';
import type { ChannelListener } from '../../db/channel-listener';
import type { Clock } from '../../lib/clock';
import type { SessionStanding } from '../auth/session-service';
import { pulseStateId } from './pulse-state';
import type { SseStream } from './sse-stream';

/** The channel the database's triggers notify with a user id (migration 0026). */
export const USER_CHANNEL = 'owo_user';
/** A burst of notifications for one user (a transfer, a settlement) is read as one pulse. */
export const COALESCE_MS = 250;
/** A comment this often keeps proxies and phone networks from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;

const END_FOR: Record<Exclude<SessionStanding, 'live'>, PulseStreamEndCode> = {
  idle: 'SESSION_IDLE',
  expired: 'SESSION_EXPIRED',
  ended: 'UNAUTHORIZED',
};

interface Refresh {
  timer?: NodeJS.Timeout;
  running: boolean;
  again: boolean;
}

/**
 * This API process's live streams (decision 0074): one LISTEN on the database for the whole
 * process, opened with the first stream; each notification names a user, and that user's open
 * streams here get a fresh pulse (read once, at most once per COALESCE_MS, and only when it says
 * something new). A customer with the app open and nothing happening costs no query at all.
 * Every pulse re-checks the streams' sessions: a signed-out, suspended, idle or expired session
 * gets `event: end` instead.
 */
export function createLiveHub(options: {
  database: Database;
  clock: Clock;
  pulse: (userId: string) => Promise<NotificationPulse>;
  standing: (sessionIds: string[]) => Promise<Map<string, SessionStanding>>;
  warn: (context: object, message: string) => void;
  coalesceMs?: number;
  heartbeatMs?: number;
}) {
  const coalesceMs = options.coalesceMs ?? COALESCE_MS;
  const byUser = new Map<string, Set<SseStream>>();
  const refreshes = new Map<string, Refresh>();
  let listening: Promise<ChannelListener> | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let closed = false;

  function ensureListening(): Promise<ChannelListener> {
    listening ??= options.database
      .listen(USER_CHANNEL, {
        onPayload: (userId) => poke(userId),
        onLost: (error) =>
          options.warn({ err: error }, 'live updates: the LISTEN connection broke; reconnecting'),
        // Whatever changed while nobody listened: every open stream reads its pulse again.
        onRestored: () => {
          for (const userId of byUser.keys()) poke(userId);
        },
      })
      .catch((error: unknown) => {
        // The next stream tries again.
        listening = undefined;
        throw error;
      });
    heartbeat ??= setInterval(beat, options.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();
    return listening;
  }

  /** Keep-alive comments, and the end of streams whose session reached its lifetime. */
  function beat() {
    const now = options.clock.now().getTime();
    for (const streams of byUser.values()) {
      for (const stream of streams) {
        if (stream.sessionExpiresAt.getTime() <= now) stream.end('SESSION_EXPIRED');
        else stream.heartbeat();
      }
    }
  }

  function poke(userId: string) {
    if (closed || !byUser.has(userId)) return;
    const refresh = refreshes.get(userId);
    if (refresh) {
      // Already waiting: this notification rides along. Already reading: read once more after.
      if (refresh.running) refresh.again = true;
      return;
    }
    schedule(userId, { running: false, again: false });
  }

  function schedule(userId: string, refresh: Refresh) {
    refresh.timer = setTimeout(() => void run(userId, refresh), coalesceMs);
    refreshes.set(userId, refresh);
  }

  async function run(userId: string, refresh: Refresh) {
    refresh.timer = undefined;
    refresh.running = true;
    try {
      await send(userId);
    } catch (error) {
      // The database is away: the streams stay open and the next notification tries again.
      options.warn({ err: error, userId }, 'live updates: could not read a pulse');
    } finally {
      refresh.running = false;
      if (refresh.again && !closed && byUser.has(userId)) {
        refresh.again = false;
        schedule(userId, refresh);
      } else {
        refreshes.delete(userId);
      }
    }
  }

  /** Ends the streams whose session is over; sends the rest the current pulse if it is news. */
  async function send(userId: string, only?: SseStream) {
    const open = only ? [only] : [...(byUser.get(userId) ?? [])];
    if (open.length === 0) return;
    const standing = await options.standing([...new Set(open.map((s) => s.sessionId))]);
    const live = open.filter((stream) => {
      const state = standing.get(stream.sessionId) ?? 'ended';
      if (state === 'live') return true;
      stream.end(END_FOR[state]);
      return false;
    });
    if (live.length === 0) return;
    const pulse = await options.pulse(userId);
    const id = pulseStateId(pulse);
    for (const stream of live) if (!stream.ended && stream.lastId !== id) stream.pulse(id, pulse);
  }

  function remove(stream: SseStream) {
    const streams = byUser.get(stream.userId);
    if (!streams) return;
    streams.delete(stream);
    if (streams.size === 0) byUser.delete(stream.userId);
  }

  return {
    /**
     * Adds a stream (after its request passed the user guard) and sends it the current pulse,
     * unless its Last-Event-ID is that pulse's. False: the user holds the most streams allowed.
     * Listening starts before the first pulse is read, so no change falls between the two.
     */
    async open(stream: SseStream): Promise<boolean> {
      if (closed) {
        stream.end('SHUTDOWN');
        return true;
      }
      const streams = byUser.get(stream.userId) ?? new Set<SseStream>();
      if (streams.size >= PULSE_STREAM_MAX_PER_USER) return false;
      streams.add(stream);
      byUser.set(stream.userId, streams);
      stream.body.on('close', () => remove(stream));
      try {
        await ensureListening();
        await send(stream.userId, stream);
      } catch (error) {
        remove(stream);
        throw error;
      }
      return true;
    },

    /** How many streams are open in this process (tests, metrics). */
    openCount(): number {
      let n = 0;
      for (const streams of byUser.values()) n += streams.size;
      return n;
    },

    /**
     * The graceful stop: every stream is told SHUTDOWN and ended (its app reconnects, to another
     * process), so the HTTP server's close does not wait on them.
     */
    endAll(): void {
      closed = true;
      for (const streams of byUser.values()) for (const stream of streams) stream.end('SHUTDOWN');
      byUser.clear();
    },

    /** Stops listening (after endAll). */
    async close(): Promise<void> {
      closed = true;
      clearInterval(heartbeat);
      for (const refresh of refreshes.values()) clearTimeout(refresh.timer);
      refreshes.clear();
      const listener = await listening?.catch(() => undefined);
      await listener?.close();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
