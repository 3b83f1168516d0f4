import { z } from 'zod/mini';
import { NETWORK_NAMES, VTPASS_TV_SERVICES } from '../networks';
import { bettingPurchaseSchema } from './betting';
import {
  cardNumberField,
  meterNumberField,
  meterTypeField,
  nairaAmountField,
  providerAirtimeSchema,
  providerUtilitySchema,
  purchasePhoneField,
} from './purchases';

/**
 * Request bodies of the reseller API (/api/v1, decisions 0087 and 0088). Amounts are naira, as
 * everywhere in the API; kobo inside. Every purchase carries the reseller's own `reference`: the
 * order's idempotency key for that API key, and a requery handle.
 */

export const PUBLIC_REFERENCE_PATTERN = /^[A-Za-z0-9_.:-]{8,64}$/;
const REFERENCE_MESSAGE =
  'reference is required: 8 to 64 letters, digits, or the characters _ . : -';

export const publicReferenceField = z
  .string({ error: REFERENCE_MESSAGE })
  .check(z.regex(PUBLIC_REFERENCE_PATTERN, REFERENCE_MESSAGE));

const chosen = (message: string, max = 64) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, message));

export const publicAirtimeSchema = z.object({
  reference: publicReferenceField,
  network: z.enum(NETWORK_NAMES, { error: `network must be one of ${NETWORK_NAMES.join(', ')}` }),
  phone: purchasePhoneField,
  amount: providerAirtimeSchema.shape.amount,
});

/** `planId` as the catalogue lists it: `<source>:<id>` (e.g. `datastation:254`). */
export const publicDataSchema = z.object({
  reference: publicReferenceField,
  planId: chosen('planId is required: a data plan of GET /api/v1/catalogue', 128),
  phone: purchasePhoneField,
  /** Optional: when sent, it must equal the plan's price (it is checked, never used). */
  amount: z.optional(nairaAmountField()),
});

export const publicElectricitySchema = z.object({
  reference: publicReferenceField,
  /** A disco's `disco` of the catalogue (e.g. `ikeja-electric`). */
  disco: chosen('disco is required: a disco of GET /api/v1/catalogue'),
  meterNumber: meterNumberField,
  meterType: z._default(z.optional(meterTypeField), 'prepaid'),
  amount: providerUtilitySchema.shape.amount,
  phone: purchasePhoneField,
});

export const publicCableSchema = z.object({
  reference: publicReferenceField,
  provider: z.enum(VTPASS_TV_SERVICES, {
    error: `provider must be one of ${VTPASS_TV_SERVICES.join(', ')}`,
  }),
  smartcard: cardNumberField,
  /** A bouquet's `planId` of the catalogue. */
  planId: chosen('planId is required: a bouquet of GET /api/v1/catalogue'),
  phone: purchasePhoneField,
  amount: z.optional(nairaAmountField()),
});

export const publicBettingSchema = z.object({
  reference: publicReferenceField,
  billerId: bettingPurchaseSchema.shape.billerId,
  itemId: bettingPurchaseSchema.shape.itemId,
  /** The customer's id on the betting platform. */
  customerId: bettingPurchaseSchema.shape.rechargeAccount,
  /** Whole naira. */
  amount: bettingPurchaseSchema.shape.amount,
});

export const publicReferenceParams = z.object({ reference: publicReferenceField });
