import type { FastifyInstance } from 'fastify';
import { pageQuery } from '@owo/shared/schemas/admin';
import { parse } from '../../lib/validate';
import type { Services } from '../../services';

/** Admin: the supplier problems an operator must fix. */
export function operatorAlertRoutes(app: FastifyInstance, { operatorAlerts, guards }: Services) {
  app.get(
    '/admin/alerts',
    { onRequest: guards.requireStaff, schema: { querystring: pageQuery } },
    async (request) => operatorAlerts.list(parse(pageQuery, request.query).page),
  );
}
