import { z } from 'zod/mini';
import { adminDataReply } from './admin-common';

/** One verification refused for a holder mismatch, as the review queue shows it (0055). */
export const kycReviewDtoSchema = z.object({
  _id: z.string(),
  type: z.enum(['NIN', 'BVN']),
  numberHint: z.string(),
  mismatch: z.enum(['name', 'birthDate']),
  /** Who the identity supplier says holds the number. */
  holderName: z.string(),
  holderBirthDate: z.string(),
  /** The profile it was compared with, at the time. */
  profileName: z.string(),
  profileBirthDate: z.string(),
  reviewStatus: z.enum(['pending', 'approved', 'rejected']),
  createdAt: z.string(),
  user: z.object({
    _id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    isKYCVerified: z.boolean(),
  }),
});

/** GET admin/kyc-reviews. */
export const kycReviewListReplySchema = adminDataReply(z.array(kycReviewDtoSchema));

/** POST admin/kyc-reviews/{id}/approve|reject: the review as decided. */
export const kycReviewDecisionReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: kycReviewDtoSchema,
});
