import type { FastifyInstance } from 'fastify';
import {
  beneficiaryIdParams,
  beneficiaryListQuery,
  createBeneficiarySchema,
  renameBeneficiarySchema,
} from '@owo/shared/schemas/beneficiaries';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';

/** Saved beneficiaries and recent numbers: the caller's own only (another's id answers 404). */
export function beneficiaryRoutes(app: FastifyInstance, { beneficiaries, guards }: Services) {
  const auth = { onRequest: guards.requireUser };
  const userId = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  app.get('/beneficiaries', { ...auth, schema: { querystring: beneficiaryListQuery } }, async (r) =>
    beneficiaries.list(userId(r), parse(beneficiaryListQuery, r.query).kind),
  );

  app.post(
    '/beneficiaries',
    { ...auth, schema: { body: createBeneficiarySchema } },
    async (r, reply) =>
      reply
        .status(201)
        .send(await beneficiaries.create(userId(r), parse(createBeneficiarySchema, r.body))),
  );

  app.patch(
    '/beneficiaries/:id',
    { ...auth, schema: { params: beneficiaryIdParams, body: renameBeneficiarySchema } },
    async (r) => beneficiaries.rename(userId(r), parse(beneficiaryIdParams, r.params).id, r.body),
  );

  app.delete(
    '/beneficiaries/:id',
    { ...auth, schema: { params: beneficiaryIdParams } },
    async (r) => beneficiaries.remove(userId(r), parse(beneficiaryIdParams, r.params).id),
  );
}
