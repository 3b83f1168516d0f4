import { restoreBody, shutdownBody } from '@owo/shared/schemas/admin';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import type { Api } from '../../lib/route-validation';
import { shutdownReplySchema, shutdownStatusReplySchema } from '@owo/shared/replies/admin-system';

/**
 * Admin shutdown controls (spec 2 §7 "System"). The status is a read (staff); switching is admin
 * only. Both checked on the server.
 */
export function switchAdminRoutes(app: Api, { switches, guards }: Services) {
  const admin = { onRequest: guards.requireAdmin };

  app.get(
    '/admin/system/status',
    { onRequest: guards.requireStaff, schema: { response: { 200: shutdownStatusReplySchema } } },
    async () => switches.adminStatus(),
  );

  app.post(
    '/admin/system/emergency-shutdown',
    { ...admin, schema: { body: shutdownBody, response: { 200: shutdownReplySchema } } },
    async (request) => {
      const { id, email } = authOf(request).user;
      return switches.shutdown({ id, email }, request.body);
    },
  );

  app.post(
    '/admin/system/emergency-restore',
    { ...admin, schema: { body: restoreBody, response: { 200: shutdownReplySchema } } },
    async (request) => {
      const { id, email } = authOf(request).user;
      return switches.restore({ id, email }, request.body);
    },
  );
}
