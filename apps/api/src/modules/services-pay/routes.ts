import { z } from 'zod';
import {
  servicesAirtimeSchema,
  servicesCableSchema,
  servicesCategoriesQuery,
  servicesDataSchema,
  servicesUtilitySchema,
  servicesVerifySchema,
} from '@owo/shared/schemas/services-pay';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { rateLimited } from '../openapi/error-replies';
import { moneyRoute, requestContext, sendStored } from '../purchases/route-context';
import type { Api } from '../../lib/route-validation';
import { servicesVerifyReplySchema } from '@owo/shared/replies/lookups';
import {
  serviceCategoriesReplySchema,
  serviceProductsReplySchema,
} from '@owo/shared/replies/catalogue';
import { purchaseReplySchema } from '@owo/shared/replies/transactions';

export const categoryParams = z.object({ id: z.string().trim().min(1).max(64) });

/**
 * The alternative service-category family of spec §7 (Safe Haven), plus the catalogue its
 * callers need for category ids and bundle codes (our additions: GET services/categories and
 * GET services/categories/{id}/products).
 */
export function servicesPayRoutes(app: Api, { servicesPay, guards }: Services) {
  const auth = { onRequest: guards.requireUser };
  // Delivered (200) or processing at the supplier (202), as every purchase.
  const purchased = { 200: purchaseReplySchema, 202: purchaseReplySchema };

  app.get(
    '/services/categories',
    {
      ...auth,
      schema: {
        querystring: servicesCategoriesQuery,
        response: { 200: serviceCategoriesReplySchema },
      },
    },
    async (r) => servicesPay.categories(r.query.service),
  );
  app.get(
    '/services/categories/:id/products',
    { ...auth, schema: { params: categoryParams, response: { 200: serviceProductsReplySchema } } },
    async (r) => servicesPay.products(r.params.id),
  );
  app.post(
    '/services/verify',
    {
      ...auth,
      schema: {
        body: servicesVerifySchema,
        response: { 200: servicesVerifyReplySchema, ...rateLimited },
      },
    },
    async (r) => servicesPay.verify(authOf(r).user.id, r.body),
  );

  app.post(
    '/services/pay/airtime',
    { ...auth, ...moneyRoute, schema: { body: servicesAirtimeSchema, response: purchased } },
    async (r, reply) => sendStored(reply, await servicesPay.airtime(requestContext(r), r.body)),
  );
  app.post(
    '/services/pay/data',
    { ...auth, ...moneyRoute, schema: { body: servicesDataSchema, response: purchased } },
    async (r, reply) => sendStored(reply, await servicesPay.data(requestContext(r), r.body)),
  );
  app.post(
    '/services/pay/cable-tv',
    { ...auth, ...moneyRoute, schema: { body: servicesCableSchema, response: purchased } },
    async (r, reply) => sendStored(reply, await servicesPay.cable(requestContext(r), r.body)),
  );
  app.post(
    '/services/pay/utility',
    { ...auth, ...moneyRoute, schema: { body: servicesUtilitySchema, response: purchased } },
    async (r, reply) => sendStored(reply, await servicesPay.utility(requestContext(r), r.body)),
  );
}
