import { z } from 'zod';
import { AppError } from '../../errors';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { refusedAs, type Api } from '../../lib/route-validation';

/** A malformed id names no file: the same 404 as an unknown one. */
export const fileParams = refusedAs(z.object({ id: z.uuid() }), () => new AppError('NOT_FOUND'));

/**
 * Uploaded pictures (avatars, swap screenshots) for their owner and admins. The web app fetches
 * them with its bearer token and shows a blob: URL, as an <img> cannot send the header.
 */
export function fileRoutes(app: Api, { files, guards }: Services) {
  const options = { onRequest: guards.requireUser, schema: { params: fileParams } };
  app.get('/files/:id', options, async (request, reply) => {
    const { id } = request.params;
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
