import { z } from 'zod';
import type { Services } from '../../services';
import type { Api } from '../../lib/route-validation';
import { authOf } from '../../plugins/authenticate';
import {
  cableListReplySchema,
  cablePlansReplySchema,
  dataPlansReplySchema,
  networksReplySchema,
  providerVariationsReplySchema,
  supplierDataPlansReplySchema,
  utilityProvidersReplySchema,
} from '@owo/shared/replies/catalogue';

export const serviceQuery = z.object({ serviceID: z.string().trim().min(1) });
export const cableQuery = z.object({ cablename: z.string().trim().min(1).optional() });

/**
 * The catalogues of spec §7 (all GET, signed-in users). Plan prices are the signed-in customer's
 * (their price tier, decision 0090).
 */
export function catalogueRoutes(app: Api, { catalogue, guards }: Services) {
  const auth = { onRequest: guards.requireUser };
  // Generic, so the type provider still holds each handler to its own reply.
  const replying = <T extends z.core.$ZodType>(reply: T) => ({
    ...auth,
    schema: { response: { 200: reply } },
  });
  app.get('/transactions/networks', replying(networksReplySchema), async () =>
    catalogue.networks(),
  );
  app.get('/transactions/data-plans', replying(dataPlansReplySchema), async (r) =>
    catalogue.dataPlans(authOf(r).user.id),
  );
  app.get(
    '/transactions/data-plans/:supplier',
    {
      ...auth,
      schema: {
        params: z.object({ supplier: z.string() }),
        response: { 200: supplierDataPlansReplySchema },
      },
    },
    async (r) => catalogue.supplierDataPlans(authOf(r).user.id, r.params.supplier),
  );
  app.get('/transactions/cable-list', replying(cableListReplySchema), async () =>
    catalogue.cableList(),
  );
  app.get(
    '/transactions/cable-plans',
    { ...auth, schema: { querystring: cableQuery, response: { 200: cablePlansReplySchema } } },
    async (r) => catalogue.cablePlans(authOf(r).user.id, r.query.cablename),
  );
  app.get('/transactions/utility-providers', replying(utilityProvidersReplySchema), async () =>
    catalogue.utilityProviders(),
  );
  app.get(
    '/vtpass/data',
    {
      ...auth,
      schema: { querystring: serviceQuery, response: { 200: providerVariationsReplySchema } },
    },
    async (r) => catalogue.providerVariations(authOf(r).user.id, 'data', r.query.serviceID),
  );
  app.get(
    '/vtpass/tv',
    {
      ...auth,
      schema: { querystring: serviceQuery, response: { 200: providerVariationsReplySchema } },
    },
    async (r) => catalogue.providerVariations(authOf(r).user.id, 'cable', r.query.serviceID),
  );
}
