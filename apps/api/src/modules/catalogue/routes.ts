import { z } from 'zod';
import type { Services } from '../../services';
import type { Api } from '../../lib/route-validation';

export const serviceQuery = z.object({ serviceID: z.string().trim().min(1) });
export const cableQuery = z.object({ cablename: z.string().trim().min(1).optional() });

/** The catalogues of spec §7 (all GET, signed-in users). */
export function catalogueRoutes(app: Api, { catalogue, guards }: Services) {
  const auth = { onRequest: guards.requireUser };
  app.get('/transactions/networks', auth, async () => catalogue.networks());
  app.get('/transactions/data-plans', auth, async () => catalogue.dataPlans());
  app.get<{ Params: { supplier: string } }>('/transactions/data-plans/:supplier', auth, async (r) =>
    catalogue.supplierDataPlans(r.params.supplier),
  );
  app.get('/transactions/cable-list', auth, async () => catalogue.cableList());
  app.get(
    '/transactions/cable-plans',
    { ...auth, schema: { querystring: cableQuery } },
    async (r) => catalogue.cablePlans(r.query.cablename),
  );
  app.get('/transactions/utility-providers', auth, async () => catalogue.utilityProviders());
  app.get('/vtpass/data', { ...auth, schema: { querystring: serviceQuery } }, async (r) =>
    catalogue.providerVariations('data', r.query.serviceID),
  );
  app.get('/vtpass/tv', { ...auth, schema: { querystring: serviceQuery } }, async (r) =>
    catalogue.providerVariations('cable', r.query.serviceID),
  );
}
