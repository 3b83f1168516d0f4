import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';

/** Read up to the newest notice the app showed; without it, everything up to now. */
export const markReadBody = z
  .object({ upTo: z.iso.datetime({ offset: true }).optional() })
  .strict();

/**
 * The signed-in customer's own notification centre: each route reads or moves only the caller's
 * rows (the user id comes from the session, never from the request).
 */
export function notificationRoutes(app: FastifyInstance, { notifications, guards }: Services) {
  const auth = { onRequest: guards.requireUser };

  app.get('/notifications', auth, async (request) => notifications.list(authOf(request).user.id));

  app.get('/notifications/pulse', auth, async (request) =>
    notifications.pulse(authOf(request).user.id),
  );

  app.post('/notifications/read', { ...auth, schema: { body: markReadBody } }, async (request) => {
    const { upTo } = parse(markReadBody, request.body);
    return notifications.markRead(authOf(request).user.id, upTo ? new Date(upTo) : undefined);
  });
}
