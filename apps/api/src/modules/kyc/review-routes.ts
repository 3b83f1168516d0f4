import { z } from 'zod';
import { orderActionBody } from '@owo/shared/schemas/admin';
import { AppError } from '../../errors';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { refusedAs, type Api } from '../../lib/route-validation';
import {
  kycReviewDecisionReplySchema,
  kycReviewListReplySchema,
} from '@owo/shared/replies/admin-kyc';

/** A malformed id names no review: the same 404 as an unknown one. */
export const reviewParams = refusedAs(
  z.object({ id: z.uuid() }),
  () => new AppError('KYC_REVIEW_NOT_FOUND'),
);

/** The KYC name-mismatch review queue (decision 0055): staff read it, admins decide. */
export function kycReviewRoutes(app: Api, { kycReviews, guards }: Services) {
  const admin = { onRequest: guards.requireAdmin };
  const staff = { onRequest: guards.requireStaff };
  const decided = { 200: kycReviewDecisionReplySchema };
  const actor = (request: Parameters<typeof authOf>[0]) => {
    const { id, email } = authOf(request).user;
    return { id, email };
  };

  app.get(
    '/admin/kyc-reviews',
    { ...staff, schema: { response: { 200: kycReviewListReplySchema } } },
    async () => kycReviews.list(),
  );

  app.post(
    '/admin/kyc-reviews/:id/approve',
    { ...admin, schema: { params: reviewParams, body: orderActionBody, response: decided } },
    async (request) => kycReviews.approve(actor(request), request.params.id, request.body.reason),
  );

  app.post(
    '/admin/kyc-reviews/:id/reject',
    { ...admin, schema: { params: reviewParams, body: orderActionBody, response: decided } },
    async (request) => kycReviews.reject(actor(request), request.params.id, request.body.reason),
  );
}
