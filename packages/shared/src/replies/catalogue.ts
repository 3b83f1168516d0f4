import { z } from 'zod/mini';
import { NETWORK_NAMES } from '../networks';
import { listReply } from './common';

/** The catalogues of spec §7: customers see the selling price only, never the supplier's cost. */

const naira = () => z.number().check(z.describe('Naira, up to 2 decimals (kobo inside).'));
const int = () => z.number().check(z.int());

/** GET transactions/networks (NetworkDto). */
export const networkDtoSchema = z.object({ networkname: z.enum(NETWORK_NAMES), network_id: int() });

/** A DataStation or OGDAMS data plan as the data screen lists it (DataPlanDto). */
export const dataPlanDtoSchema = z.object({
  _id: z.string(),
  /** DataStation's numeric plan id, or OGDAMS's string one. */
  data_id: z.union([z.number(), z.string()]),
  network: z.string(),
  network_id: int(),
  planType: z.string(),
  size: z.string(),
  validity: z.string(),
  sellingPrice: naira(),
  isAvailable: z.boolean(),
  source: z.enum(['datastation', 'ogdams']),
});

/** An OGDAMS plan in OGDAMS's own terms (data-plans/ogdams) (OgdamsPlanDto). */
export const ogdamsPlanDtoSchema = z.object({
  _id: z.string(),
  planId: z.string(),
  networkId: int(),
  name: z.string(),
  validity: z.string(),
  sellingPrice: naira(),
  isAvailable: z.boolean(),
});

/** A VTpass variation: a data bundle or a TV bouquet (ProviderVariationDto). */
export const providerVariationDtoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  variation_code: z.string(),
  sellingPrice: naira(),
  isAvailable: z.boolean(),
  serviceID: z.string(),
});

/** A disco (UtilityProviderDto). */
export const utilityProviderDtoSchema = z.object({
  name: z.string(),
  /** DataStation's disco id (in-house route's disco_name). */
  disco_id: int(),
  /** The matching VTpass serviceID (provider route). */
  serviceID: z.string(),
});

/** A cable company (CableProviderDto). */
export const cableProviderDtoSchema = z.object({ cablename: z.string(), cable_id: int() });

/** A DataStation cable bouquet (CablePlanDto). */
export const cablePlanDtoSchema = z.object({
  _id: z.string(),
  cablename: z.string(),
  cable_id: int(),
  cablePlanID: int(),
  package: z.string(),
  sellingPrice: naira(),
  isAvailable: z.boolean(),
  /** Dropdown value and label ("package - N amount"). */
  value: z.string(),
  label: z.string(),
});

export const networksReplySchema = listReply(networkDtoSchema);
export const dataPlansReplySchema = listReply(dataPlanDtoSchema);
/** GET transactions/data-plans/{supplier}: OGDAMS's plans in its terms, DataStation's as above. */
export const supplierDataPlansReplySchema = z.union([
  listReply(ogdamsPlanDtoSchema),
  dataPlansReplySchema,
]);
export const providerVariationsReplySchema = listReply(providerVariationDtoSchema);
export const cableListReplySchema = listReply(cableProviderDtoSchema);
export const cablePlansReplySchema = listReply(cablePlanDtoSchema);

/** GET transactions/utility-providers: the discos and the discount electricity sells at now. */
export const utilityProvidersReplySchema = z.extend(listReply(utilityProviderDtoSchema), {
  /** Percent off the face value (0 = none); the customer pays the face value minus it. */
  discountPercentage: z.number(),
});

/** GET transfers/banks: the banks a transfer can name (BankDto), by name. */
export const bankDtoSchema = z.object({ bankCode: z.string(), name: z.string() });
export const banksReplySchema = listReply(bankDtoSchema);

/** A Safe Haven service category (ServiceCategoryDto). */
export const serviceCategoryDtoSchema = z.object({
  serviceCategoryId: z.string(),
  /** MTN, AIRTEL, GLO, ETISALAT, DSTV, GOTV, STARTIMES, IKEJA, EKO … */
  identifier: z.string(),
  name: z.string(),
  description: z.string(),
  isFixedAmount: z.boolean(),
});
export const serviceCategoriesReplySchema = listReply(serviceCategoryDtoSchema);

/** A data bundle or cable package of a Safe Haven category (ServiceProductDto). */
export const serviceProductDtoSchema = z.object({
  bundleCode: z.string(),
  name: z.string(),
  /** Naira; null for an open-amount package (the client sends the amount). */
  amount: z.nullable(naira()),
  duration: z.string(),
  isAmountFixed: z.boolean(),
});
export const serviceProductsReplySchema = listReply(serviceProductDtoSchema);

/** POST biller: the betting companies (BillerDto). */
export const billerDtoSchema = z.object({
  billerId: z.string(),
  billerName: z.string(),
  billerIcon: z.string(),
});
export const billersReplySchema = listReply(billerDtoSchema);

/** POST biller/item: a biller's top-up items; the amounts are kobo, as PalmPay sends them. */
export const billerItemDtoSchema = z.object({
  itemId: z.string(),
  itemName: z.string(),
  minAmount: int(),
  maxAmount: int(),
  isFixAmount: z.boolean(),
});
export const billerItemsReplySchema = listReply(billerItemDtoSchema);
