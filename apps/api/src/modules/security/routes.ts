import type { FastifyRequest } from 'fastify';
import {
  changePasswordSchema,
  sessionIdParams,
  sessionsReplySchema,
  signOutOthersReplySchema,
} from '@owo/shared/security';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { rateLimited } from '../openapi/error-replies';
import type { Api } from '../../lib/route-validation';
import { messageReplySchema } from '@owo/shared/replies/common';

/** Profile → Security: change password and the signed-in devices, the caller's own only. */
export function securityRoutes(app: Api, { security, guards }: Services) {
  const auth = { onRequest: guards.requireUser };
  const caller = (request: FastifyRequest) => {
    const { user, sessionId } = authOf(request);
    return { userId: user.id, sessionId };
  };

  app.post(
    '/user/change-password',
    {
      ...auth,
      schema: { body: changePasswordSchema, response: { 200: messageReplySchema, ...rateLimited } },
    },
    async (request) => {
      const { userId, sessionId } = caller(request);
      return security.changePassword(userId, sessionId, request.body);
    },
  );

  app.get(
    '/user/sessions',
    { ...auth, schema: { response: { 200: sessionsReplySchema } } },
    async (request) => {
      const { userId, sessionId } = caller(request);
      return security.listSessions(userId, sessionId);
    },
  );

  app.post(
    '/user/sessions/sign-out-others',
    { ...auth, schema: { response: { 200: signOutOthersReplySchema } } },
    async (request) => {
      const { userId, sessionId } = caller(request);
      return security.signOutOthers(userId, sessionId);
    },
  );

  app.delete(
    '/user/sessions/:id',
    { ...auth, schema: { params: sessionIdParams, response: { 200: messageReplySchema } } },
    async (request) => {
      const { userId, sessionId } = caller(request);
      return security.signOutSession(userId, sessionId, request.params.id);
    },
  );
}
