import { z } from 'zod';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import type { Api } from '../../lib/route-validation';
import { SSE_HEADERS } from './sse-stream';
import {
  notificationPulseSchema,
  notificationsReplySchema,
} from '@owo/shared/replies/notifications';

/** Read up to the newest notice the app showed; without it, everything up to now. */
export const markReadBody = z
  .object({ upTo: z.iso.datetime({ offset: true }).optional() })
  .strict();

/**
 * The signed-in customer's own notification centre: each route reads or moves only the caller's
 * rows (the user id comes from the session, never from the request).
 */
export function notificationRoutes(app: Api, { notifications, liveUpdates, guards }: Services) {
  const auth = { onRequest: guards.requireUser };

  app.get(
    '/notifications',
    { ...auth, schema: { response: { 200: notificationsReplySchema } } },
    async (request) => notifications.list(authOf(request).user.id),
  );

  app.get(
    '/notifications/pulse',
    { ...auth, schema: { response: { 200: notificationPulseSchema } } },
    async (request) => notifications.pulse(authOf(request).user.id),
  );

  // The pulse pushed as server-sent events while the app is open (decision 0074).
  app.get('/notifications/stream', auth, async (request, reply) => {
    const { user, sessionId, sessionExpiresAt } = authOf(request);
    const lastEventId = request.headers['last-event-id'];
    const stream = await liveUpdates.open({
      userId: user.id,
      sessionId,
      sessionExpiresAt,
      lastEventId: typeof lastEventId === 'string' ? lastEventId : undefined,
    });
    // The app went away: the stream leaves the hub.
    reply.raw.on('close', () => stream.body.destroy());
    return reply.headers(SSE_HEADERS).send(stream.body);
  });

  app.post(
    '/notifications/read',
    { ...auth, schema: { body: markReadBody, response: { 200: notificationPulseSchema } } },
    async (request) => {
      const { upTo } = request.body;
      return notifications.markRead(authOf(request).user.id, upTo ? new Date(upTo) : undefined);
    },
  );
}
