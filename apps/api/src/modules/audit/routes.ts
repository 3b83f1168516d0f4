import type { FastifyInstance } from 'fastify';
import { auditQuery } from '@owo/shared/schemas/admin';
import { parse } from '../../lib/validate';
import type { Services } from '../../services';

/** Admin: the audit log (who changed what), newest first. Admin role checked on the server. */
export function auditRoutes(app: FastifyInstance, { audit, guards }: Services) {
  app.get(
    '/admin/audit',
    { onRequest: guards.requireStaff, schema: { querystring: auditQuery } },
    async (request) => audit.list(parse(auditQuery, request.query)),
  );
}
