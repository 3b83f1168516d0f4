import { auditQuery } from '@owo/shared/schemas/admin';
import type { Services } from '../../services';
import type { Api } from '../../lib/route-validation';
import { auditListReplySchema } from '@owo/shared/replies/admin-system';

/** Admin: the audit log (who changed what), newest first. Admin role checked on the server. */
export function auditRoutes(app: Api, { audit, guards }: Services) {
  app.get(
    '/admin/audit',
    {
      onRequest: guards.requireStaff,
      schema: { querystring: auditQuery, response: { 200: auditListReplySchema } },
    },
    async (request) => audit.list(request.query),
  );
}
