import {
  webhookDeliveriesQuery,
  webhookDeliveryIdParams,
} from '@owo/shared/schemas/developer-webhooks';
import {
  webhookDeliveriesReplySchema,
  webhookDeliveryReplySchema,
} from '@owo/shared/replies/developer-webhooks';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import type { Api } from '../../lib/route-validation';

/** The caller's webhook deliveries and their replay: their own only (another's id answers 404). */
export function developerWebhookRoutes(app: Api, { developerWebhooks, guards }: Services) {
  const auth = { onRequest: guards.requireUser };
  const userId = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  app.get(
    '/developer/webhooks',
    {
      ...auth,
      schema: {
        querystring: webhookDeliveriesQuery,
        response: { 200: webhookDeliveriesReplySchema },
      },
    },
    async (r) => developerWebhooks.list(userId(r), r.query),
  );

  app.post(
    '/developer/webhooks/:id/replay',
    {
      ...auth,
      schema: { params: webhookDeliveryIdParams, response: { 200: webhookDeliveryReplySchema } },
    },
    async (r) => developerWebhooks.replay(userId(r), r.params.id),
  );
}
