import { z } from 'zod';
import { adminMessages } from '../admin-messages';
import {
  ADMIN_REASON_MAX,
  ADMIN_TRANSACTION_FILTERS,
  ANALYTICS_PERIODS,
  BETTING_STATS_STATUSES,
  DEFAULT_ANALYTICS_PERIOD,
  SHUTDOWN_MINUTES,
  SHUTDOWN_REASON_DEFAULT,
  SHUTDOWN_SERVICES,
  UTILITY_DISCOUNT_MAX_PERCENT,
} from '../constants';
import { nairaAmountField } from './purchases';

/** Admin bodies and queries (spec 2 §7), shared by the admin screens and the API. */

const pageField = z.coerce.number().int().min(1).max(100_000).default(1);

export const periodQuery = z.object({
  period: z.enum(ANALYTICS_PERIODS).default(DEFAULT_ANALYTICS_PERIOD),
});
/** analytics/profits names its period "range". */
export const rangeQuery = z.object({
  range: z.enum(ANALYTICS_PERIODS).default(DEFAULT_ANALYTICS_PERIOD),
});

export const bettingStatsQuery = z.object({
  page: pageField,
  status: z.enum(BETTING_STATS_STATUSES).default('all'),
  search: z.string().trim().max(100).default(''),
});

// ---- shutdown

export const shutdownBody = z.object({
  reason: z.string().trim().max(200).default(SHUTDOWN_REASON_DEFAULT),
  /** Minutes, one of the spec's durations; the dashboard sends it as text ('10'). */
  duration: z.coerce
    .number({ error: 'Choose a shutdown duration.' })
    .refine((m) => (SHUTDOWN_MINUTES as readonly number[]).includes(m), {
      message: 'Choose a shutdown duration.',
    }),
  services: z
    .array(z.enum(SHUTDOWN_SERVICES, { error: 'Unknown service.' }))
    .min(1, 'Choose at least one service.')
    .max(SHUTDOWN_SERVICES.length),
});

export const restoreBody = z.object({
  services: z
    .array(z.enum(SHUTDOWN_SERVICES, { error: 'Unknown service.' }))
    .min(1, 'Choose at least one service.')
    .max(SHUTDOWN_SERVICES.length),
});

// ---- products

/** A selling price in naira (the edit sheet parses an integer) → kobo. */
export const sellingPriceField = nairaAmountField(adminMessages.invalidPrice);

/** PATCH a plan: only the fields given; at least one. */
export const planPatchBody = z
  .object({
    sellingPrice: sellingPriceField.optional(),
    isAvailable: z.boolean({ error: 'isAvailable must be true or false.' }).optional(),
  })
  .strict()
  .refine((b) => b.sellingPrice !== undefined || b.isAvailable !== undefined, {
    message: adminMessages.invalidPrice,
  });

/** POST products/data-plans/ — a DataStation plan added by hand (spec Data plan entity). */
export const newDataPlanBody = z.object({
  data_id: z.coerce.number().int().positive(),
  network: z.string().trim().toUpperCase().min(1),
  planType: z.string().trim().min(1).max(40),
  size: z.string().trim().min(1).max(40),
  validity: z.string().trim().min(1).max(40),
  amount: nairaAmountField(),
  sellingPrice: sellingPriceField,
  isAvailable: z.boolean().default(false),
});

/** POST products/cable-plans/ — a DataStation bouquet added by hand (spec Cable plan entity). */
export const newCablePlanBody = z.object({
  cablename: z.string().trim().toUpperCase().min(1),
  cablePlanID: z.coerce.number().int().positive(),
  package: z.string().trim().min(1).max(80),
  amount: nairaAmountField(),
  sellingPrice: sellingPriceField,
  isAvailable: z.boolean().default(false),
});

/** PUT products/utility-discount — a percentage, up to 2 decimals, → basis points. */
export const utilityDiscountBody = z.object({
  percentage: z
    .union([z.number(), z.string()], { error: adminMessages.discountInvalid })
    .transform((value, ctx) => {
      const text = String(value).trim();
      const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text);
      const bps = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
      if (!match || bps > UTILITY_DISCOUNT_MAX_PERCENT * 100) {
        ctx.addIssue({ code: 'custom', message: adminMessages.discountInvalid });
        return z.NEVER;
      }
      return bps;
    }),
});

// ---- transactions

export const adminTransactionsQuery = z.object({
  page: pageField,
  status: z.enum(ADMIN_TRANSACTION_FILTERS).default('all'),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  day: z.coerce.number().int().min(1).max(31).optional(),
  search: z.string().trim().max(100).default(''),
});

/** GET admin/transactions/export: the list's filters without its page. */
export const adminTransactionsExportQuery = adminTransactionsQuery.omit({ page: true });
/** GET admin/analytics/betting/export: the betting list's filters without its page. */
export const bettingStatsExportQuery = bettingStatsQuery.omit({ page: true });

export const orderActionBody = z.object({
  reason: z
    .string({ error: adminMessages.reasonRequired })
    .trim()
    .min(1, adminMessages.reasonRequired)
    .max(ADMIN_REASON_MAX),
});

/** Approve needs no reason (the supplier's answer is the reason); one may be given. */
export const approveBody = z.object({
  reason: z.string().trim().max(ADMIN_REASON_MAX).default(''),
});

/** The "needs a decision" queue and the operator alerts: pages only. */
export const pageQuery = z.object({ page: pageField });

// ---- audit

export const auditQuery = z.object({
  page: pageField,
  actor: z.string().trim().max(200).default(''),
  action: z.string().trim().max(60).default(''),
});
