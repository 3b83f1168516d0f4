import { pageQuery } from '@owo/shared/schemas/admin';
import type { Services } from '../../services';
import type { Api } from '../../lib/route-validation';
import { operatorAlertsReplySchema } from '@owo/shared/replies/admin-alerts';

/** Admin: the supplier problems an operator must fix. */
export function operatorAlertRoutes(app: Api, { operatorAlerts, guards }: Services) {
  app.get(
    '/admin/alerts',
    {
      onRequest: guards.requireStaff,
      schema: { querystring: pageQuery, response: { 200: operatorAlertsReplySchema } },
    },
    async (request) => operatorAlerts.list(request.query.page),
  );
}
