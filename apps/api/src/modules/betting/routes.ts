import type { FastifyInstance } from 'fastify';
import {
  billerItemsSchema,
  billersSchema,
  bettingPurchaseSchema,
} from '@owo/shared/schemas/betting';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { readIdempotencyKey } from '../purchases/idempotency';

/** Betting of spec §7: billers, a biller's items, and the top-up (an ordinary purchase). */
export function bettingRoutes(app: FastifyInstance, { betting, guards }: Services) {
  const auth = { onRequest: guards.requireUser };

  // The spec's client posts to "biller/" (trailing slash); both spellings answer.
  for (const url of ['/biller', '/biller/']) {
    app.post(url, auth, async (request) => {
      parse(billersSchema, request.body);
      return betting.billers();
    });
  }

  app.post('/biller/item', auth, async (request) =>
    betting.items(parse(billerItemsSchema, request.body).billerId),
  );

  app.post('/biller/betting', auth, async (request, reply) => {
    const result = await betting.purchase(
      {
        userId: authOf(request).user.id,
        route: '/biller/betting',
        body: request.body,
        idempotencyKey: readIdempotencyKey(request.headers['idempotency-key']),
      },
      parse(bettingPurchaseSchema, request.body),
    );
    return reply.status(result.status).send(result.body);
  });
}
