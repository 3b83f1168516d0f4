import type { FastifyRequest } from 'fastify';
import {
  beneficiaryIdParams,
  beneficiaryListQuery,
  createBeneficiarySchema,
  renameBeneficiarySchema,
} from '@owo/shared/schemas/beneficiaries';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import type { Api } from '../../lib/route-validation';
import { messageReplySchema } from '@owo/shared/replies/common';
import {
  beneficiariesReplySchema,
  beneficiaryReplySchema,
} from '@owo/shared/replies/beneficiaries';

/** Saved beneficiaries and recent numbers: the caller's own only (another's id answers 404). */
export function beneficiaryRoutes(app: Api, { beneficiaries, guards }: Services) {
  const auth = { onRequest: guards.requireUser };
  const userId = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  app.get(
    '/beneficiaries',
    {
      ...auth,
      schema: { querystring: beneficiaryListQuery, response: { 200: beneficiariesReplySchema } },
    },
    async (r) => beneficiaries.list(userId(r), r.query.kind),
  );

  app.post(
    '/beneficiaries',
    {
      ...auth,
      schema: { body: createBeneficiarySchema, response: { 201: beneficiaryReplySchema } },
    },
    async (r, reply) => reply.status(201).send(await beneficiaries.create(userId(r), r.body)),
  );

  app.patch(
    '/beneficiaries/:id',
    {
      ...auth,
      // Someone else's id answers 404 before the body is looked at.
      preValidation: async (r: FastifyRequest) =>
        beneficiaries.assertOwned(userId(r), (r.params as { id?: unknown }).id),
      schema: {
        params: beneficiaryIdParams,
        body: renameBeneficiarySchema,
        response: { 200: beneficiaryReplySchema },
      },
    },
    async (r) => beneficiaries.rename(userId(r), r.params.id, r.body.label),
  );

  app.delete(
    '/beneficiaries/:id',
    { ...auth, schema: { params: beneficiaryIdParams, response: { 200: messageReplySchema } } },
    async (r) => beneficiaries.remove(userId(r), r.params.id),
  );
}
