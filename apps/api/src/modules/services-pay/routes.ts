import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  servicesAirtimeSchema,
  servicesCableSchema,
  servicesCategoriesQuery,
  servicesDataSchema,
  servicesUtilitySchema,
  servicesVerifySchema,
} from '@owo/shared/schemas/services-pay';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { requestContext, sendStored } from '../purchases/route-context';

export const categoryParams = z.object({ id: z.string().trim().min(1).max(64) });

/**
 * The alternative service-category family of spec §7 (Safe Haven), plus the catalogue its
 * callers need for category ids and bundle codes (our additions: GET services/categories and
 * GET services/categories/{id}/products).
 */
export function servicesPayRoutes(app: FastifyInstance, { servicesPay, guards }: Services) {
  const auth = { onRequest: guards.requireUser };

  app.get(
    '/services/categories',
    { ...auth, schema: { querystring: servicesCategoriesQuery } },
    async (r) => servicesPay.categories(parse(servicesCategoriesQuery, r.query).service),
  );
  app.get(
    '/services/categories/:id/products',
    { ...auth, schema: { params: categoryParams } },
    async (r) => servicesPay.products(parse(categoryParams, r.params).id),
  );
  app.post('/services/verify', { ...auth, schema: { body: servicesVerifySchema } }, async (r) =>
    servicesPay.verify(authOf(r).user.id, parse(servicesVerifySchema, r.body)),
  );

  app.post(
    '/services/pay/airtime',
    { ...auth, schema: { body: servicesAirtimeSchema } },
    async (r, reply) =>
      sendStored(
        reply,
        await servicesPay.airtime(requestContext(r), parse(servicesAirtimeSchema, r.body)),
      ),
  );
  app.post(
    '/services/pay/data',
    { ...auth, schema: { body: servicesDataSchema } },
    async (r, reply) =>
      sendStored(
        reply,
        await servicesPay.data(requestContext(r), parse(servicesDataSchema, r.body)),
      ),
  );
  app.post(
    '/services/pay/cable-tv',
    { ...auth, schema: { body: servicesCableSchema } },
    async (r, reply) =>
      sendStored(
        reply,
        await servicesPay.cable(requestContext(r), parse(servicesCableSchema, r.body)),
      ),
  );
  app.post(
    '/services/pay/utility',
    { ...auth, schema: { body: servicesUtilitySchema } },
    async (r, reply) =>
      sendStored(
        reply,
        await servicesPay.utility(requestContext(r), parse(servicesUtilitySchema, r.body)),
      ),
  );
}
