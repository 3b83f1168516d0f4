import {
  billerItemsSchema,
  billersSchema,
  bettingPurchaseSchema,
} from '@owo/shared/schemas/betting';
import type { Services } from '../../services';
import { moneyRoute, requestContext, sendStored } from '../purchases/route-context';
import type { Api } from '../../lib/route-validation';
import { billerItemsReplySchema, billersReplySchema } from '@owo/shared/replies/catalogue';
import { purchaseReplySchema } from '@owo/shared/replies/transactions';

/** Betting of spec §7: billers, a biller's items, and the top-up (an ordinary purchase). */
export function bettingRoutes(app: Api, { betting, guards }: Services) {
  const auth = { onRequest: guards.requireUser };

  // The spec's client posts to "biller/" (trailing slash); both spellings answer. The body is
  // checked by its schema and carries nothing the list depends on.
  for (const url of ['/biller', '/biller/']) {
    app.post(
      url,
      { ...auth, schema: { body: billersSchema, response: { 200: billersReplySchema } } },
      async () => betting.billers(),
    );
  }

  app.post(
    '/biller/item',
    { ...auth, schema: { body: billerItemsSchema, response: { 200: billerItemsReplySchema } } },
    async (request) => betting.items(request.body.billerId),
  );

  // The hash names the route without the /api prefix (stored keys were written that way).
  app.post(
    '/biller/betting',
    {
      ...auth,
      ...moneyRoute,
      // Delivered (200) or processing at the supplier (202), as every purchase.
      schema: {
        body: bettingPurchaseSchema,
        response: { 200: purchaseReplySchema, 202: purchaseReplySchema },
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        await betting.purchase(requestContext(request, '/biller/betting'), request.body),
      ),
  );
}
