import { Readable } from 'node:stream';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { statementQuery } from './service';
import type { Api } from '../../lib/route-validation';

/** GET transactions/statement?month=YYYY-MM: the caller's own statement of a month, as CSV. */
export function statementRoutes(app: Api, { statements, guards }: Services) {
  app.get(
    '/transactions/statement',
    { onRequest: guards.requireUser, schema: { querystring: statementQuery } },
    async (request, reply) => {
      const { month } = request.query;
      const statement = await statements.open(authOf(request).user.id, month);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statement.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(statement.chunks));
    },
  );
}
