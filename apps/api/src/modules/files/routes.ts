import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';

export const fileParams = z.object({ id: z.uuid() });

/**
 * Uploaded pictures (avatars, swap screenshots) for their owner and admins. The web app fetches
 * them with its bearer token and shows a blob: URL, as an <img> cannot send the header.
 */
export function fileRoutes(app: FastifyInstance, { files, guards }: Services) {
  const options = { onRequest: guards.requireUser, schema: { params: fileParams } };
  app.get('/files/:id', options, async (request, reply) => {
    // Declared for the API document; the service answers 404 to an id that is not a uuid.
    const { id } = request.params as { id: string };
    const { user } = authOf(request);
    const file = await files.read({ id: user.id, role: user.role }, id);
    // A file never changes (a new upload gets a new id), but it is someone's own: no shared
    // cache, and the browser's own cache keeps one copy per signed-in token.
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('vary', 'Authorization')
      .send(file.bytes);
  });
}
