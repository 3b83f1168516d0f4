import { z } from 'zod/mini';
import { dataReply, listReply } from './common';
import { adminNaira, count } from './admin-common';

/** Plans as the admin sees them: our selling price and the supplier's cost (amount). */
export const adminDataPlanDtoSchema = z.object({
  _id: z.string(),
  data_id: z.union([z.number(), z.string()]),
  network: z.string(),
  network_id: z.number(),
  planType: z.string(),
  size: z.string(),
  amount: adminNaira(),
  sellingPrice: adminNaira(),
  validity: z.string(),
  isAvailable: z.boolean(),
});

export const adminOgdamsPlanDtoSchema = z.object({
  _id: z.string(),
  planId: z.string(),
  networkId: z.number(),
  name: z.string(),
  amount: adminNaira(),
  sellingPrice: adminNaira(),
  validity: z.string(),
  isAvailable: z.boolean(),
});

export const adminVtpassPlanDtoSchema = z.object({
  _id: z.string(),
  variation_code: z.string(),
  name: z.string(),
  amount: adminNaira(),
  sellingPrice: adminNaira(),
  isAvailable: z.boolean(),
  serviceID: z.string(),
});

export const adminCablePlanDtoSchema = z.object({
  _id: z.string(),
  cablename: z.string(),
  cablePlanID: z.number(),
  package: z.string(),
  amount: adminNaira(),
  sellingPrice: adminNaira(),
  isAvailable: z.boolean(),
});

export const adminVtpassTvPlanDtoSchema = z.object({
  _id: z.string(),
  serviceID: z.string(),
  name: z.string(),
  variation_code: z.string(),
  variation_amount: adminNaira(),
  sellingPrice: adminNaira(),
  isAvailable: z.boolean(),
});

/** The lists of the Manage Services screen, unavailable plans too. */
export const adminDataPlansReplySchema = listReply(adminDataPlanDtoSchema);
export const adminOgdamsPlansReplySchema = listReply(adminOgdamsPlanDtoSchema);
export const adminVtpassPlansReplySchema = listReply(adminVtpassPlanDtoSchema);
export const adminCablePlansReplySchema = listReply(adminCablePlanDtoSchema);
export const adminVtpassTvPlansReplySchema = listReply(adminVtpassTvPlanDtoSchema);

/** A supplier fetch: plans seen at the supplier, of which new and changed. */
export const planFetchReplySchema = dataReply(
  z.object({ fetched: count(), added: count(), updated: count() }),
);

/** PATCH of a plan: the plan as it now stands (each route edits only its own kind). */
export const planUpdateReplySchema = dataReply(
  z.union([
    adminDataPlanDtoSchema,
    adminCablePlanDtoSchema,
    adminOgdamsPlanDtoSchema,
    adminVtpassPlanDtoSchema,
    adminVtpassTvPlanDtoSchema,
  ]),
);

/** POST data-plans / cable-plans (201): the plan added by hand. */
export const addedDataPlanReplySchema = dataReply(adminDataPlanDtoSchema);
export const addedCablePlanReplySchema = dataReply(adminCablePlanDtoSchema);

/** GET/PUT admin/products/utility-discount: percent off electricity's face value. */
export const utilityDiscountReplySchema = dataReply(z.object({ percentage: z.number() }));
