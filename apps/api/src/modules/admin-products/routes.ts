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
import {
  addedCablePlanReplySchema,
  addedDataPlanReplySchema,
  adminCablePlansReplySchema,
  adminDataPlansReplySchema,
  adminOgdamsPlansReplySchema,
  adminVtpassPlansReplySchema,
  adminVtpassTvPlansReplySchema,
  planFetchReplySchema,
  planUpdateReplySchema,
  utilityDiscountReplySchema,
} from '@owo/shared/replies/admin-products';

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
  const fetched = { ...admin, schema: { response: { 200: planFetchReplySchema } } };
  app.get(`${base}/update-data`, fetched, async (r) =>
    adminProducts.fetch(actorOf(r), 'datastation'),
  );
  app.get(`${base}/update-ogdams`, fetched, async (r) => adminProducts.fetch(actorOf(r), 'ogdams'));
  app.get(`${base}/vtpass/data-plans`, fetched, async (r) =>
    adminProducts.fetch(actorOf(r), 'vtpass-data'),
  );
  app.get(`${base}/tv-plans/update`, fetched, async (r) =>
    adminProducts.fetch(actorOf(r), 'vtpass-tv'),
  );

  // ---- lists: every plan, unavailable ones too, with the supplier's cost
  app.get(
    `${base}/data-plans`,
    {
      ...staff,
      schema: { querystring: networkQuery, response: { 200: adminDataPlansReplySchema } },
    },
    async (r) => adminProducts.dataPlans(r.query.network),
  );
  app.get(
    `${base}/ogdams-plans`,
    { ...staff, schema: { response: { 200: adminOgdamsPlansReplySchema } } },
    async () => adminProducts.ogdamsPlans(),
  );
  app.get(
    `${base}/vtpass/data-plans/list`,
    {
      ...staff,
      schema: { querystring: serviceQuery, response: { 200: adminVtpassPlansReplySchema } },
    },
    async (r) => adminProducts.vtpassDataPlans(r.query.serviceID),
  );
  app.get(
    `${base}/cable-plans`,
    {
      ...staff,
      schema: { querystring: cableQuery, response: { 200: adminCablePlansReplySchema } },
    },
    async (r) => adminProducts.cablePlans(r.query.cablename),
  );
  app.get(
    `${base}/vtpass/tv-plans`,
    {
      ...staff,
      schema: { querystring: serviceQuery, response: { 200: adminVtpassTvPlansReplySchema } },
    },
    async (r) => adminProducts.vtpassTvPlans(r.query.serviceID),
  );
  app.get(
    `${base}/utility-discount`,
    { ...staff, schema: { response: { 200: utilityDiscountReplySchema } } },
    async () => adminProducts.utilityDiscount(),
  );

  // ---- edits: sellingPrice and/or isAvailable, each route only its own kind of plan
  const patch = (path: string, kind: PlanKind) =>
    app.patch(
      path,
      {
        ...admin,
        schema: { params: idParams, body: planPatchBody, response: { 200: planUpdateReplySchema } },
      },
      async (r) => adminProducts.updatePlan(actorOf(r), kind, r.params.id, r.body),
    );
  patch(`${base}/data-plans/:id`, 'datastationData');
  patch(`${base}/update-ogdams/:id`, 'ogdams');
  patch(`${base}/cable-plans/:id`, 'datastationCable');
  patch(`${base}/vtpass/data-plans/:id`, 'vtpassData');
  patch(`${base}/vtpass/tv-plans/:id`, 'vtpassTv');

  // ---- plans added by hand (the spec's paths end in a slash; both spellings answer)
  for (const path of [`${base}/data-plans`, `${base}/data-plans/`]) {
    app.post(
      path,
      { ...admin, schema: { body: newDataPlanBody, response: { 201: addedDataPlanReplySchema } } },
      async (r, reply) =>
        reply.status(201).send(await adminProducts.addDataPlan(actorOf(r), r.body)),
    );
  }
  for (const path of [`${base}/cable-plans`, `${base}/cable-plans/`]) {
    app.post(
      path,
      {
        ...admin,
        schema: { body: newCablePlanBody, response: { 201: addedCablePlanReplySchema } },
      },
      async (r, reply) =>
        reply.status(201).send(await adminProducts.addCablePlan(actorOf(r), r.body)),
    );
  }

  app.put(
    `${base}/utility-discount`,
    {
      ...admin,
      schema: { body: utilityDiscountBody, response: { 200: utilityDiscountReplySchema } },
    },
    async (r) => adminProducts.setUtilityDiscount(actorOf(r), r.body.percentage),
  );
}
