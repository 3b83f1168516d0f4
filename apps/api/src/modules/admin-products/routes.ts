import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  newCablePlanBody,
  newDataPlanBody,
  planPatchBody,
  utilityDiscountBody,
} from '@owo/shared/schemas/admin';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import type { PlanKind } from './service';
import type { Api } from '../../lib/route-validation';

const optionalText = z.string().trim().min(1).max(40).optional();
export const networkQuery = z.object({ network: optionalText });
export const cableQuery = z.object({ cablename: optionalText });
export const serviceQuery = z.object({ serviceID: optionalText });
export const idParams = z.object({ id: z.string().max(100) });

/** The admin who acts, for the audit log. */
const actorOf = (request: FastifyRequest) => {
  const { id, email } = authOf(request).user;
  return { id, email };
};

/**
 * Admin products (spec 2 §7): the four supplier fetches, the lists the Manage Services screen
 * shows (paths ours; the spec does not show them), plan edits, hand-added plans and the utility
 * discount. Every route checks the role on the server: reads staff, changes admin only.
 */
export function adminProductRoutes(app: Api, { adminProducts, guards }: Services) {
  const admin = { onRequest: guards.requireAdmin };
  // The lists are reads: support staff see them too. A fetch writes plans, so it is admin only.
  const staff = { onRequest: guards.requireStaff };
  const base = '/admin/products';

  // ---- supplier fetches
  app.get(`${base}/update-data`, admin, async (r) =>
    adminProducts.fetch(actorOf(r), 'datastation'),
  );
  app.get(`${base}/update-ogdams`, admin, async (r) => adminProducts.fetch(actorOf(r), 'ogdams'));
  app.get(`${base}/vtpass/data-plans`, admin, async (r) =>
    adminProducts.fetch(actorOf(r), 'vtpass-data'),
  );
  app.get(`${base}/tv-plans/update`, admin, async (r) =>
    adminProducts.fetch(actorOf(r), 'vtpass-tv'),
  );

  // ---- lists: every plan, unavailable ones too, with the supplier's cost
  app.get(`${base}/data-plans`, { ...staff, schema: { querystring: networkQuery } }, async (r) =>
    adminProducts.dataPlans(r.query.network),
  );
  app.get(`${base}/ogdams-plans`, staff, async () => adminProducts.ogdamsPlans());
  app.get(
    `${base}/vtpass/data-plans/list`,
    { ...staff, schema: { querystring: serviceQuery } },
    async (r) => adminProducts.vtpassDataPlans(r.query.serviceID),
  );
  app.get(`${base}/cable-plans`, { ...staff, schema: { querystring: cableQuery } }, async (r) =>
    adminProducts.cablePlans(r.query.cablename),
  );
  app.get(
    `${base}/vtpass/tv-plans`,
    { ...staff, schema: { querystring: serviceQuery } },
    async (r) => adminProducts.vtpassTvPlans(r.query.serviceID),
  );
  app.get(`${base}/utility-discount`, staff, async () => adminProducts.utilityDiscount());

  // ---- edits: sellingPrice and/or isAvailable, each route only its own kind of plan
  const patch = (path: string, kind: PlanKind) =>
    app.patch(path, { ...admin, schema: { params: idParams, body: planPatchBody } }, async (r) =>
      adminProducts.updatePlan(actorOf(r), kind, r.params.id, r.body),
    );
  patch(`${base}/data-plans/:id`, 'datastationData');
  patch(`${base}/update-ogdams/:id`, 'ogdams');
  patch(`${base}/cable-plans/:id`, 'datastationCable');
  patch(`${base}/vtpass/data-plans/:id`, 'vtpassData');
  patch(`${base}/vtpass/tv-plans/:id`, 'vtpassTv');

  // ---- plans added by hand (the spec's paths end in a slash; both spellings answer)
  for (const path of [`${base}/data-plans`, `${base}/data-plans/`]) {
    app.post(path, { ...admin, schema: { body: newDataPlanBody } }, async (r, reply) =>
      reply.status(201).send(await adminProducts.addDataPlan(actorOf(r), r.body)),
    );
  }
  for (const path of [`${base}/cable-plans`, `${base}/cable-plans/`]) {
    app.post(path, { ...admin, schema: { body: newCablePlanBody } }, async (r, reply) =>
      reply.status(201).send(await adminProducts.addCablePlan(actorOf(r), r.body)),
    );
  }

  app.put(
    `${base}/utility-discount`,
    { ...admin, schema: { body: utilityDiscountBody } },
    async (r) => adminProducts.setUtilityDiscount(actorOf(r), r.body.percentage),
  );
}
