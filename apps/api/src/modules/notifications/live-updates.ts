import { AppError } from '../../errors';
import type { AppDeps } from '../../deps';
import type { SessionService } from '../auth/session-service';
import { createLiveHub } from './live-hub';
import type { NotificationService } from './service';
import { openSseStream, type SseStream } from './sse-stream';

/** An event id as the stream writes them; anything else in Last-Event-ID is ignored. */
const EVENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Live updates pushed to the signed-in customer's app (decision 0074): the stream route's
 * service, and the graceful stop's two steps (app.ts runs them on close).
 */
export function createLiveUpdateService(
  { database, clock, logger }: AppDeps,
  notifications: NotificationService,
  sessions: SessionService,
) {
  const hub = createLiveHub({
    database,
    clock,
    pulse: (userId) => notifications.pulse(userId),
    standing: (ids) => sessions.standing(ids),
    warn: (context, message) => logger.warn(context, message),
  });

  return {
    /**
     * A stream for a session the user guard has just accepted, already holding the current pulse
     * unless `lastEventId` says the app has it. 429 when the customer holds too many.
     */
    async open(auth: {
      userId: string;
      sessionId: string;
      sessionExpiresAt: Date;
      lastEventId: string | undefined;
    }): Promise<SseStream> {
      const lastEventId =
        auth.lastEventId && EVENT_ID.test(auth.lastEventId) ? auth.lastEventId : undefined;
      const stream = openSseStream({ ...auth, lastEventId });
      if (!(await hub.open(stream))) {
        stream.body.destroy();
        throw new AppError('RATE_LIMITED');
      }
      return stream;
    },
    openCount: () => hub.openCount(),
    endAll: () => hub.endAll(),
    close: () => hub.close(),
  };
}

export type LiveUpdateService = ReturnType<typeof createLiveUpdateService>;
