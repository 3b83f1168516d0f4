import { z } from 'zod/mini';
import { SWAP_NETWORKS, SWAP_STATUSES } from '../constants';
import { dataReply } from './common';

const naira = () => z.number().check(z.describe('Naira, up to 2 decimals (kobo inside).'));

/** The spec's Airtime swap entity, as its owner and the admin screens read it (SwapDto). */
export const swapDtoSchema = z.object({
  _id: z.string(),
  swapId: z.string(),
  userPhone: z.string(),
  recipientPhone: z.string(),
  network: z.enum(SWAP_NETWORKS),
  amount: naira(),
  expectedPayout: naira(),
  /** Percent (60). */
  rate: z.number(),
  paymentMethod: z.enum(['wallet', 'bank']),
  /** A bank payout names the account; a wallet payout the wallet's e-mail. */
  accountDetails: z.object({
    accountNumber: z.optional(z.string()),
    bank: z.optional(z.string()),
    accountName: z.optional(z.string()),
    walletEmail: z.optional(z.string()),
  }),
  screenshotUrl: z.string(),
  screenshotUploaded: z.boolean(),
  status: z.enum(SWAP_STATUSES),
  userId: z.object({
    _id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Absent until an admin has decided. */
  verifiedAt: z.optional(z.string()),
  verifiedBy: z.optional(z.object({ _id: z.string(), email: z.string() })),
  adminNote: z.string(),
  /** The admin's note again, only when there is one. */
  note: z.optional(z.string()),
  payoutReference: z.string(),
  /**
   * Whether the owner may still cancel (the server's state machine decides): only before the
   * screenshot is uploaded; after that an admin decides.
   */
  canCancel: z.boolean(),
  /** What an admin may do now (admin replies only; the screen shows only these). */
  allowedActions: z.optional(z.array(z.enum(['approve', 'reject', 'complete']))),
});

/** POST airtime-swap: the swap to send airtime for. */
export const swapCreateReplySchema = dataReply(
  z.object({ swapId: z.string(), recipientPhone: z.string(), expectedPayout: naira() }),
);

/** POST airtime-swap/{swapId}/upload, GET airtime-swap/pending/clear: the swap as it now stands. */
export const swapReplySchema = dataReply(swapDtoSchema);

/** GET airtime-swap: the caller's latest swaps (no `message`, no pages). */
export const swapLatestReplySchema = z.object({
  success: z.literal(true),
  data: z.array(swapDtoSchema),
});

/** GET airtime-swap/get-swaps: one page of the caller's swaps (SwapListReply). */
export const swapListReplySchema = z.extend(swapLatestReplySchema, {
  pagination: z.object({
    currentPage: z.number().check(z.int()),
    totalItems: z.number().check(z.int()),
    totalPages: z.number().check(z.int()),
  }),
});

/** GET airtime-swap/pending: the caller's unfinished swap, if any (PendingSwapReply). */
export const pendingSwapReplySchema = z.object({
  success: z.literal(true),
  hasPendingSwap: z.boolean(),
  pendingSwap: z.nullable(swapDtoSchema),
});
