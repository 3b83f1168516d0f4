import type { FastifyInstance } from 'fastify';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';

/**
 * Uploaded pictures (avatars, swap screenshots) for their owner and admins. The web app fetches
 * them with its bearer token and shows a blob: URL, as an <img> cannot send the header.
 */
export function fileRoutes(app: FastifyInstance, { files, guards }: Services) {
  app.get('/files/:id', { onRequest: guards.requireUser }, async (request, reply) => {
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
