import type { FastifyRequest } from 'fastify';
import {
  customerTierBody,
  tierCodeParams,
  tierDiscountsBody,
} from '@owo/shared/schemas/price-tiers';
import {
  customerTierReplySchema,
  priceTierChangeReplySchema,
  priceTiersReplySchema,
} from '@owo/shared/replies/price-tiers';
import type { Api } from '../../lib/route-validation';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { idParams } from '../admin/users-routes';

const actorOf = (request: FastifyRequest) => {
  const { id, email } = authOf(request).user;
  return { id, email };
};

/**
 * Price tiers in the admin area (decision 0090): staff read the tiers; only admins change a
 * tier's discounts or a customer's tier (checked here, on the server).
 */
export function priceTierRoutes(app: Api, { priceTiers, guards }: Services) {
  app.get(
    '/admin/price-tiers',
    { onRequest: guards.requireStaff, schema: { response: { 200: priceTiersReplySchema } } },
    async () => priceTiers.list(),
  );

  app.patch(
    '/admin/price-tiers/:code',
    {
      onRequest: guards.requireAdmin,
      schema: {
        params: tierCodeParams,
        body: tierDiscountsBody,
        response: { 200: priceTierChangeReplySchema },
      },
    },
    async (r) => priceTiers.setDiscounts(actorOf(r), r.params.code, r.body.discountsBps),
  );

  app.patch(
    '/admin/users/:id/price-tier',
    {
      onRequest: guards.requireAdmin,
      schema: {
        params: idParams,
        body: customerTierBody,
        response: { 200: customerTierReplySchema },
      },
    },
    async (r) => priceTiers.setCustomerTier(actorOf(r), r.params.id, r.body.tier),
  );
}
