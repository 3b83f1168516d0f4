import { z } from 'zod/mini';
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
import { refuse } from './fields';

/** Admin bodies and queries (spec 2 §7), shared by the admin screens and the API. */

const pageField = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1);

/** Trimmed text up to `max` characters, '' when absent. */
const textFilter = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max)), '');

/** A whole number from min to max, optional (a date part of a filter). */
const wholeInRange = (min: number, max: number) =>
  z.optional(z.coerce.number().check(z.int(), z.gte(min), z.lte(max)));

export const periodQuery = z.object({
  period: z._default(z.enum(ANALYTICS_PERIODS), DEFAULT_ANALYTICS_PERIOD),
});
/** analytics/profits names its period "range". */
export const rangeQuery = z.object({
  range: z._default(z.enum(ANALYTICS_PERIODS), DEFAULT_ANALYTICS_PERIOD),
});

export const bettingStatsQuery = z.object({
  page: pageField,
  status: z._default(z.enum(BETTING_STATS_STATUSES), 'all'),
  search: textFilter(100),
});

// ---- shutdown

/** One or more of the services a shutdown can stop. */
const shutdownServicesField = z
  .array(z.enum(SHUTDOWN_SERVICES, { error: 'Unknown service.' }))
  .check(z.minLength(1, 'Choose at least one service.'), z.maxLength(SHUTDOWN_SERVICES.length));

export const shutdownBody = z.object({
  reason: z._default(z.string().check(z.trim(), z.maxLength(200)), SHUTDOWN_REASON_DEFAULT),
  /** Minutes, one of the spec's durations; the dashboard sends it as text ('10'). */
  duration: z.coerce.number({ error: 'Choose a shutdown duration.' }).check(
    z.refine((m: number) => (SHUTDOWN_MINUTES as readonly number[]).includes(m), {
      message: 'Choose a shutdown duration.',
    }),
  ),
  services: shutdownServicesField,
});

export const restoreBody = z.object({
  services: shutdownServicesField,
});

// ---- products

/** A selling price in naira (the edit sheet parses an integer) → kobo. */
export const sellingPriceField = nairaAmountField(adminMessages.invalidPrice);

/** PATCH a plan: only the fields given; at least one. */
export const planPatchBody = z
  .strictObject({
    sellingPrice: z.optional(sellingPriceField),
    isAvailable: z.optional(z.boolean({ error: 'isAvailable must be true or false.' })),
  })
  .check(
    z.refine((b) => b.sellingPrice !== undefined || b.isAvailable !== undefined, {
      message: adminMessages.invalidPrice,
    }),
  );

/** Trimmed text of 1 to `max` characters. */
const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** Trimmed, upper-cased, not empty. */
const upperName = z.string().check(z.trim(), z.toUpperCase(), z.minLength(1));

const positiveWhole = z.coerce.number().check(z.int(), z.positive());

/** POST products/data-plans/ — a DataStation plan added by hand (spec Data plan entity). */
export const newDataPlanBody = z.object({
  data_id: positiveWhole,
  network: upperName,
  planType: requiredText(40),
  size: requiredText(40),
  validity: requiredText(40),
  amount: nairaAmountField(),
  sellingPrice: sellingPriceField,
  isAvailable: z._default(z.boolean(), false),
});

/** POST products/cable-plans/ — a DataStation bouquet added by hand (spec Cable plan entity). */
export const newCablePlanBody = z.object({
  cablename: upperName,
  cablePlanID: positiveWhole,
  package: requiredText(80),
  amount: nairaAmountField(),
  sellingPrice: sellingPriceField,
  isAvailable: z._default(z.boolean(), false),
});

/** PUT products/utility-discount — a percentage, up to 2 decimals, → basis points. */
export const utilityDiscountBody = z.object({
  percentage: z.pipe(
    z.union([z.number(), z.string()], { error: adminMessages.discountInvalid }),
    z.transform((value: number | string, ctx) => {
      const text = String(value).trim();
      const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text);
      const bps = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
      if (!match || bps > UTILITY_DISCOUNT_MAX_PERCENT * 100) {
        return refuse(ctx, adminMessages.discountInvalid);
      }
      return bps;
    }),
  ),
});

// ---- transactions

export const adminTransactionsQuery = z.object({
  page: pageField,
  status: z._default(z.enum(ADMIN_TRANSACTION_FILTERS), 'all'),
  year: wholeInRange(2000, 2100),
  month: wholeInRange(1, 12),
  day: wholeInRange(1, 31),
  search: textFilter(100),
});

/** GET admin/transactions/export: the list's filters without its page. */
export const adminTransactionsExportQuery = z.omit(adminTransactionsQuery, { page: true });
/** GET admin/analytics/betting/export: the betting list's filters without its page. */
export const bettingStatsExportQuery = z.omit(bettingStatsQuery, { page: true });

export const orderActionBody = z.object({
  reason: z
    .string({ error: adminMessages.reasonRequired })
    .check(z.trim(), z.minLength(1, adminMessages.reasonRequired), z.maxLength(ADMIN_REASON_MAX)),
});

/**
 * A prepaid meter token as an admin types it from the supplier's records: 20 digits, in any
 * grouping of spaces or dashes; kept as five groups of four.
 */
const meterTokenField = z.optional(
  z.pipe(
    z.string({ error: adminMessages.tokenInvalid }),
    z.transform((value: string, ctx) => {
      const digits = value.replace(/[\s-]/g, '');
      if (!/^\d{20}$/.test(digits)) return refuse(ctx, adminMessages.tokenInvalid);
      return digits.match(/\d{4}/g)!.join('-');
    }),
  ),
);

/**
 * Approve needs no reason (the supplier's answer is the reason); one may be given. A prepaid
 * meter the supplier confirmed without its token is approved with the token (decision 0046).
 */
export const approveBody = z.object({
  reason: textFilter(ADMIN_REASON_MAX),
  token: meterTokenField,
});

/** The "needs a decision" queue and the operator alerts: pages only. */
export const pageQuery = z.object({ page: pageField });

// ---- audit

export const auditQuery = z.object({
  page: pageField,
  actor: textFilter(200),
  action: textFilter(60),
});
