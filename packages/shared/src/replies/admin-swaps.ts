import { z } from 'zod/mini';
import { SWAP_NETWORKS, SWAP_STATUSES } from '../constants';
import { adminNaira, count } from './admin-common';

const text = () => z.optional(z.string());

/** An airtime-to-cash swap as the admin list shows it (the spec's Airtime swap entity). */
export const swapDtoSchema = z.object({
  _id: z.string(),
  swapId: z.string(),
  userPhone: z.string(),
  recipientPhone: z.string(),
  network: z.enum(SWAP_NETWORKS),
  amount: adminNaira(),
  expectedPayout: adminNaira(),
  rate: z.number().check(z.describe('Percent (60).')),
  paymentMethod: z.enum(['wallet', 'bank']),
  accountDetails: z.object({
    accountNumber: text(),
    bank: text(),
    accountName: text(),
    walletEmail: text(),
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
  /** Absent until an admin decides. */
  verifiedAt: text(),
  verifiedBy: z.optional(z.object({ _id: z.string(), email: z.string() })),
  adminNote: z.string(),
  note: text(),
  payoutReference: z.string(),
  canCancel: z.boolean(),
  /** Present on the admin views only. */
  allowedActions: z.optional(z.array(z.enum(['approve', 'reject', 'complete']))),
});

/** GET airtime-swap/admin?page=&status=&search=. */
export const swapListReplySchema = z.object({
  success: z.literal(true),
  data: z.array(swapDtoSchema),
  pagination: z.object({ currentPage: count(), totalItems: count(), totalPages: count() }),
});

/** GET airtime-swap/admin/count?status=. */
export const swapCountReplySchema = z.object({ success: z.literal(true), count: count() });

/** GET airtime-swap/admin/profit: what completed swaps earned. */
export const swapProfitReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    summary: z.object({
      totalProfit: adminNaira(),
      totalAirtime: adminNaira(),
      totalPayout: adminNaira(),
      completedCount: count(),
    }),
  }),
});

/** PATCH airtime-swap/admin/{swapId}/verify: the swap as decided. */
export const swapVerifyReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: swapDtoSchema,
});
