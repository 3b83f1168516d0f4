import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changePasswordSchema, sessionIdParams } from '@owo/shared/security';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';

/** Profile → Security: change password and the signed-in devices, the caller's own only. */
export function securityRoutes(app: FastifyInstance, { security, guards }: Services) {
  const auth = { onRequest: guards.requireUser };
  const caller = (request: FastifyRequest) => {
    const { user, sessionId } = authOf(request);
    return { userId: user.id, sessionId };
  };

  app.post(
    '/user/change-password',
    { ...auth, schema: { body: changePasswordSchema } },
    async (request) => {
      const { userId, sessionId } = caller(request);
      return security.changePassword(userId, sessionId, parse(changePasswordSchema, request.body));
    },
  );

  app.get('/user/sessions', auth, async (request) => {
    const { userId, sessionId } = caller(request);
    return security.listSessions(userId, sessionId);
  });

  app.post('/user/sessions/sign-out-others', auth, async (request) => {
    const { userId, sessionId } = caller(request);
    return security.signOutOthers(userId, sessionId);
  });

  app.delete(
    '/user/sessions/:id',
    { ...auth, schema: { params: sessionIdParams } },
    async (request) => {
      const { userId, sessionId } = caller(request);
      return security.signOutSession(userId, sessionId, parse(sessionIdParams, request.params).id);
    },
  );
}
