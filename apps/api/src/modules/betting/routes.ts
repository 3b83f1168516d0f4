import type { FastifyInstance } from 'fastify';
import {
  billerItemsSchema,
  billersSchema,
  bettingPurchaseSchema,
} from '@owo/shared/schemas/betting';
import { parse } from '../../lib/validate';
import type { Services } from '../../services';
import { requestContext, sendStored } from '../purchases/route-context';

/** Betting of spec §7: billers, a biller's items, and the top-up (an ordinary purchase). */
export function bettingRoutes(app: FastifyInstance, { betting, guards }: Services) {
  const auth = { onRequest: guards.requireUser };

  // The spec's client posts to "biller/" (trailing slash); both spellings answer.
  for (const url of ['/biller', '/biller/']) {
    app.post(url, { ...auth, schema: { body: billersSchema } }, async (request) => {
      parse(billersSchema, request.body);
      return betting.billers();
    });
  }

  app.post('/biller/item', { ...auth, schema: { body: billerItemsSchema } }, async (request) =>
    betting.items(parse(billerItemsSchema, request.body).billerId),
  );

  // The hash names the route without the /api prefix (stored keys were written that way).
  app.post(
    '/biller/betting',
    { ...auth, schema: { body: bettingPurchaseSchema } },
    async (request, reply) =>
      sendStored(
        reply,
        await betting.purchase(
          requestContext(request, '/biller/betting'),
          parse(bettingPurchaseSchema, request.body),
        ),
      ),
  );
}
