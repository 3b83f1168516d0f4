import type { FastifyRequest } from 'fastify';
import {
  apiKeyIdParams,
  createApiKeySchema,
  updateApiKeySchema,
} from '@owo/shared/schemas/developer';
import {
  apiKeyReplySchema,
  apiKeysReplySchema,
  createdApiKeyReplySchema,
  webhookSecretReplySchema,
} from '@owo/shared/replies/developer';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import type { Api } from '../../lib/route-validation';

/** Profile → Developer: the signed-in customer's API keys (another's id answers 404). */
export function developerKeyRoutes(app: Api, { developerKeys, guards }: Services) {
  const auth = { onRequest: guards.requireUser };
  const userId = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  app.get(
    '/developer/keys',
    { ...auth, schema: { response: { 200: apiKeysReplySchema } } },
    async (r) => developerKeys.list(userId(r)),
  );

  app.post(
    '/developer/keys',
    { ...auth, schema: { body: createApiKeySchema, response: { 201: createdApiKeyReplySchema } } },
    async (r, reply) => reply.status(201).send(await developerKeys.create(userId(r), r.body)),
  );

  app.patch(
    '/developer/keys/:id',
    {
      ...auth,
      // Someone else's id answers 404 before the body is looked at.
      preValidation: async (r: FastifyRequest) =>
        developerKeys.assertOwned(userId(r), (r.params as { id?: unknown }).id),
      schema: {
        params: apiKeyIdParams,
        body: updateApiKeySchema,
        response: { 200: apiKeyReplySchema },
      },
    },
    async (r) => developerKeys.update(userId(r), r.params.id, r.body),
  );

  app.delete(
    '/developer/keys/:id',
    { ...auth, schema: { params: apiKeyIdParams, response: { 200: apiKeyReplySchema } } },
    async (r) => developerKeys.revoke(userId(r), r.params.id),
  );

  app.get(
    '/developer/keys/:id/webhook-secret',
    { ...auth, schema: { params: apiKeyIdParams, response: { 200: webhookSecretReplySchema } } },
    async (r) => developerKeys.webhookSecret(userId(r), r.params.id),
  );
}
