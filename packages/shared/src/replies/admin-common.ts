import { z } from 'zod/mini';

/** Naira amounts in admin replies: up to 2 decimals, kobo inside. */
export const adminNaira = (what = 'Naira, up to 2 decimals (kobo inside).') =>
  z.number().check(z.describe(what));

/** A count: a whole number. */
export const count = () => z.number().check(z.int());

/** The page block of the admin lists (users, orders, alerts, audit, adjustments). */
export const adminPaginationSchema = z.object({
  currentPage: count(),
  totalPages: count(),
  totalItems: count(),
});

/** `{ success: true, data }` with no message: most admin reads. */
export const adminDataReply = <T extends z.core.$ZodType>(data: T) =>
  z.object({ success: z.literal(true), data });
