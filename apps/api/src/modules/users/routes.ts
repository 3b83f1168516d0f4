import type { FastifyInstance } from 'fastify';
import { updateUserSchema } from '@owo/shared/schemas/user';
import { AppError } from '../../errors';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';

export function userRoutes(app: FastifyInstance, { users, guards }: Services) {
  app.get('/user', { onRequest: guards.requireUser }, async (request) => {
    return users.get(authOf(request).user.id);
  });

  app.patch('/user/update', { onRequest: guards.requireUser }, async (request) => {
    return users.update(authOf(request).user.id, parse(updateUserSchema, request.body));
  });

  app.post('/user/upload-profile-picture', { onRequest: guards.requireUser }, async (request) => {
    if (!request.isMultipart()) throw new AppError('IMAGE_REQUIRED');
    const file = await request.file();
    if (!file) throw new AppError('IMAGE_REQUIRED');
    // toBuffer throws FST_REQ_FILE_TOO_LARGE past the 5 MB limit (mapped to IMAGE_TOO_LARGE).
    const buffer = await file.toBuffer();
    if (buffer.length === 0) throw new AppError('IMAGE_REQUIRED');
    return users.uploadPicture(authOf(request).user.id, buffer);
  });
}
