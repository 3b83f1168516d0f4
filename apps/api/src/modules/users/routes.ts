import type { FastifyRequest } from 'fastify';
import { updateUserSchema } from '@owo/shared/schemas/user';
import { AppError } from '../../errors';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import {
  profilePictureReplySchema,
  userReplySchema as userReply,
} from '@owo/shared/replies/account';
import type { Api } from '../../lib/route-validation';

export function userRoutes(app: Api, { users, guards }: Services) {
  app.get(
    '/user',
    { onRequest: guards.requireUser, schema: { response: { 200: userReply } } },
    async (request) => {
      return users.get(authOf(request).user.id);
    },
  );

  app.patch(
    '/user/update',
    {
      onRequest: guards.requireUser,
      schema: { body: updateUserSchema, response: { 200: userReply } },
    },
    async (request) => {
      return users.update(authOf(request).user.id, request.body);
    },
  );

  app.post(
    '/user/upload-profile-picture',
    { onRequest: guards.requireUser, schema: { response: { 200: profilePictureReplySchema } } },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('IMAGE_REQUIRED');
      const buffer = await readImage(request);
      if (!buffer || buffer.length === 0) throw new AppError('IMAGE_REQUIRED');
      return users.uploadPicture(authOf(request).user.id, buffer);
    },
  );
}

/**
 * The first file of a multipart body. toBuffer throws FST_REQ_FILE_TOO_LARGE past the 5 MB limit
 * (mapped to IMAGE_TOO_LARGE); the plugin's other limits carry FST_ codes too. A malformed body
 * (no boundary, cut off) makes busboy throw a plain Error: the client's fault, so a 400, not a 500.
 */
async function readImage(request: FastifyRequest): Promise<Buffer | undefined> {
  try {
    const file = await request.file();
    // The spec's client sends the picture as `image`; anything else is not a picture upload.
    if (file && file.fieldname !== 'image') return undefined;
    return file ? await file.toBuffer() : undefined;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('FST_')) throw error;
    throw new AppError('IMAGE_REQUIRED', { cause: error });
  }
}
