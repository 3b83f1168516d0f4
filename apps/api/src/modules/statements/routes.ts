import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { statementQuery } from './service';

/** GET transactions/statement?month=YYYY-MM: the caller's own statement of a month, as CSV. */
export function statementRoutes(app: FastifyInstance, { statements, guards }: Services) {
  app.get(
    '/transactions/statement',
    { onRequest: guards.requireUser, schema: { querystring: statementQuery } },
    async (request, reply) => {
      const { month } = parse(statementQuery, request.query);
      const statement = await statements.open(authOf(request).user.id, month);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statement.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(statement.chunks));
    },
  );
}
