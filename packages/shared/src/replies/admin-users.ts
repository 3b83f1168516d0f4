import { z } from 'zod/mini';
import { userDtoSchema } from './account';
import { adminDataReply, adminNaira, adminPaginationSchema } from './admin-common';

/** GET admin/users: customers newest first, one page. */
export const adminUsersReplySchema = z.object({
  success: z.literal(true),
  data: z.array(userDtoSchema),
  pagination: adminPaginationSchema,
});

/** GET admin/users/{id}: one customer as an operator sees them. */
export const adminUserProfileReplySchema = adminDataReply(
  z.object({
    user: userDtoSchema,
    /** isKYCVerified on the user; here the newest identity check, when one was started. */
    kyc: z.object({
      verified: z.boolean(),
      lastCheck: z.nullable(
        z.object({
          type: z.enum(['NIN', 'BVN']),
          status: z.string(),
          numberHint: z.string(),
          at: z.string(),
        }),
      ),
    }),
    accounts: z.array(
      z.object({
        kind: z.enum(['virtual', 'subaccount']),
        provider: z.string(),
        bankName: z.string(),
        accountName: z.string(),
        accountNumber: z.string(),
        status: z.string(),
      }),
    ),
    /** The wallet limits of the customer's KYC level; spent today counts from Lagos midnight. */
    limits: z.object({
      dailyOut: adminNaira(),
      spentToday: adminNaira(),
      balanceCap: adminNaira(),
    }),
    /** The newest suspension or reactivation, with its reason. */
    lastStatusChange: z.nullable(
      z.object({
        action: z.enum(['suspend', 'reactivate']),
        reason: z.string(),
        by: z.string(),
        at: z.string(),
      }),
    ),
    /** The customer's price tier (decision 0090). */
    priceTier: z.object({ code: z.string(), name: z.string() }),
  }),
);

/**
 * PATCH admin/users/{id}/role, POST …/suspend and …/reactivate: the customer as they now stand
 * (null when the row could not be read back after the change).
 */
export const adminUserChangeReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.nullable(userDtoSchema),
});
