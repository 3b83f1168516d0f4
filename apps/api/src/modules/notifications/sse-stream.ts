import { PassThrough } from 'node:stream';
import {
  PULSE_STREAM_RETRY_MS,
  type NotificationPulse,
  type PulseStreamEndCode,
} from '@owo/shared/notifications';

/**
 * One open server-sent-events reply: what the hub writes to a customer's app. The body is a
 * PassThrough that Fastify sends as the reply, so the route's hooks (request id, security
 * headers, metrics) apply as to any reply.
 */
export interface SseStream {
  readonly body: PassThrough;
  readonly userId: string;
  readonly sessionId: string;
  readonly sessionExpiresAt: Date;
  /** The id of the last pulse sent (or the one the client said it had). */
  lastId: string | undefined;
  pulse(id: string, pulse: NotificationPulse): void;
  heartbeat(): void;
  /** Tells the app why, then ends the reply; later writes are ignored. */
  end(code: PulseStreamEndCode): void;
  readonly ended: boolean;
}

export function openSseStream(options: {
  userId: string;
  sessionId: string;
  sessionExpiresAt: Date;
  lastEventId: string | undefined;
}): SseStream {
  const body = new PassThrough();
  let ended = false;
  const write = (text: string) => {
    if (!ended) body.write(text);
  };
  // The reconnection hint first, and a comment so the headers and first bytes leave at once.
  write(`retry: ${PULSE_STREAM_RETRY_MS}\n: open\n\n`);
  const stream: SseStream = {
    body,
    userId: options.userId,
    sessionId: options.sessionId,
    sessionExpiresAt: options.sessionExpiresAt,
    lastId: options.lastEventId,
    pulse(id, pulse) {
      stream.lastId = id;
      write(`id: ${id}\nevent: pulse\ndata: ${JSON.stringify(pulse)}\n\n`);
    },
    heartbeat() {
      write(': keep-alive\n\n');
    },
    end(code) {
      if (ended) return;
      write(`event: end\ndata: ${JSON.stringify({ code })}\n\n`);
      ended = true;
      body.end();
    },
    get ended() {
      return ended;
    },
  };
  // The client went away: nothing more is written.
  body.on('close', () => {
    ended = true;
  });
  return stream;
}

/** The headers of a stream reply: never cached, never buffered or compressed by a proxy. */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  // nginx passes the events as they come, whatever its proxy_buffering (decision 0074).
  'x-accel-buffering': 'no',
} as const;
