import { z } from 'zod/mini';
import { ANALYTICS_PERIODS } from '../constants';
import { adminDataReply, adminNaira, adminPaginationSchema, count } from './admin-common';

/** The window a period covers: [from, to) as ISO instants. */
const windowShape = {
  period: z.enum(ANALYTICS_PERIODS),
  from: z.string(),
  to: z.string(),
};

const usersFigures = z.object({
  totalUsers: count(),
  transactingUsers: z.object({ daily: count() }),
  newUsersToday: count(),
});

/** GET admin/analytics/summary?period=. */
export const summaryReplySchema = adminDataReply(
  z.object({
    ...windowShape,
    transactions: z.object({
      total: count(),
      successful: count(),
      failed: count(),
      pending: count(),
    }),
    users: usersFigures,
  }),
);

/** GET admin/analytics/revenue?period=: successful volume by service, and its series. */
export const revenueReplySchema = adminDataReply(
  z.object({
    ...windowShape,
    /** total and breakdown leave out orders an admin reversed (decision 0032). */
    total: adminNaira(),
    breakdown: z.object({
      bank_transfer: adminNaira(),
      electricity: adminNaira(),
      airtime: adminNaira(),
      data: adminNaira(),
      deposit: adminNaira(),
      tvSubscription: adminNaira(),
      betting: adminNaira(),
    }),
    /** The volume of the window's orders that were later reversed: not revenue. */
    reversed: adminNaira(),
    /** One point per Lagos day (per month for yearly), oldest first, for the chart. */
    series: z.array(z.object({ label: z.string(), total: adminNaira() })),
  }),
);

const profit = () => z.object({ profit: adminNaira() });

/** GET admin/analytics/profits?range=: selling price minus cost of what was delivered. */
export const profitsReplySchema = adminDataReply(
  z.object({
    ...windowShape,
    totalProfit: adminNaira(),
    breakdown: z.object({
      airtime: profit(),
      data: profit(),
      tvSubscription: profit(),
      electricity: profit(),
      betting: profit(),
      airtimeToCash: profit(),
    }),
    /**
     * The window's delivered orders per price tier (decision 0090): what customers paid, what the
     * suppliers charged, the margin between, and how many orders. Every tier, standard first.
     */
    byTier: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        orders: count(),
        revenue: adminNaira(),
        cost: adminNaira(),
        margin: adminNaira(),
      }),
    ),
  }),
);

/** GET admin/analytics/active-users. */
export const activeUsersReplySchema = adminDataReply(usersFigures);

/** GET admin/analytics/total-balance: the sum of every customer wallet. */
export const totalBalanceReplySchema = adminDataReply(z.object({ totalBalance: adminNaira() }));

/** GET admin/analytics/previous-deposits: yesterday's deposits and bank transfers. */
export const previousDepositsReplySchema = adminDataReply(
  z.object({
    deposits: z.object({ totalAmount: adminNaira() }),
    bank_transfer: z.object({ totalAmount: adminNaira() }),
  }),
);

/** GET admin/analytics/previous-data-sales: yesterday's data sales. */
export const previousDataSalesReplySchema = adminDataReply(
  z.object({ previous: z.object({ totalSales: adminNaira() }) }),
);

/** GET admin/analytics/betting?page=&status=&search=: the spec's Admin betting stats. */
export const bettingStatsReplySchema = adminDataReply(
  z.object({
    statistics: z.object({
      totalTransactions: count(),
      totalAmount: adminNaira(),
      totalSales: adminNaira(),
      totalProfit: adminNaira(),
      successfulTransactions: count(),
      successRate: z.number().check(z.describe('Percent, one decimal.')),
    }),
    transactions: z.array(
      z.object({
        _id: z.string(),
        reference: z.string(),
        user: z.object({ name: z.string(), email: z.string() }),
        account: z.string(),
        amount: adminNaira(),
        sellingPrice: adminNaira(),
        profit: adminNaira(),
        status: z.enum(['success', 'failed', 'pending']),
        createdAt: z.string(),
        completedAt: z.optional(z.string()),
        billerName: z.optional(z.string()),
      }),
    ),
    pagination: adminPaginationSchema,
  }),
);
