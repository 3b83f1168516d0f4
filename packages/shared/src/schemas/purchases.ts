import { z } from 'zod';
import { messages } from '../messages';
import { isValidNigerianPhone, toLocalPhone } from '../phone';
import { parseNairaToKobo } from '../money';
import {
  NETWORK_IDS,
  NETWORK_NAMES,
  VTPASS_AIRTIME_SERVICES,
  VTPASS_DATA_SERVICES,
  VTPASS_TV_SERVICES,
} from '../networks';
import {
  AIRTIME_MAX_NAIRA,
  AIRTIME_MIN_NAIRA,
  ELECTRICITY_MAX_NAIRA,
  ELECTRICITY_MIN_NAIRA,
} from '../constants';
import { pinField } from './fields';

/** Purchase bodies of spec §7 (both families), shared by the screens and the API. */

/** A phone for a purchase: validated by §5's rule, carried in the local 0XXXXXXXXXX form. */
export const purchasePhoneField = z
  .string({ error: messages.invalidPhone })
  .trim()
  .max(20, messages.invalidPhone)
  .refine(isValidNigerianPhone, messages.invalidPhone)
  .transform((value) => toLocalPhone(value) ?? value);

/** A naira amount (number or text) to integer kobo; never through floating arithmetic. */
export function nairaAmountField(message: string = messages.invalidAmount) {
  return z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const kobo = parseNairaToKobo(value);
    if (kobo === null || kobo <= 0) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return kobo;
  });
}

function koboRange(minNaira: number, maxNaira: number, minMessage: string, maxMessage: string) {
  return (kobo: number, ctx: z.RefinementCtx) => {
    if (kobo < minNaira * 100) ctx.addIssue({ code: 'custom', message: minMessage });
    else if (kobo > maxNaira * 100) ctx.addIssue({ code: 'custom', message: maxMessage });
  };
}

const airtimeAmountField = nairaAmountField().superRefine(
  koboRange(AIRTIME_MIN_NAIRA, AIRTIME_MAX_NAIRA, messages.airtimeMinimum, messages.airtimeMaximum),
);
const electricityAmountField = nairaAmountField(messages.enterUnitsAmount).superRefine(
  koboRange(
    ELECTRICITY_MIN_NAIRA,
    ELECTRICITY_MAX_NAIRA,
    messages.electricityMinimum,
    messages.electricityMaximum,
  ),
);

/** The in-house family names networks by DataStation id (1 MTN, 2 GLO, 3 9MOBILE, 4 AIRTEL). */
const networkIdField = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .refine((id) => Object.values(NETWORK_IDS).includes(id), message);

export const meterNumberField = z
  .string({ error: messages.invalidMeterNumber })
  .trim()
  .regex(/^\d{11,13}$/, messages.invalidMeterNumber);

export const cardNumberField = z
  .string({ error: messages.invalidCardNumber })
  .trim()
  .regex(/^\d{10,12}$/, messages.invalidCardNumber);

export const meterTypeField = z
  .string({ error: messages.selectMeterType })
  .trim()
  .toLowerCase()
  .pipe(z.enum(['prepaid', 'postpaid'], { error: messages.selectMeterType }));

const portedField = z.union([z.boolean(), z.string()]).optional();

// ------------------------------------------------------------------ in-house family

export const inhouseAirtimeSchema = z.object({
  network: networkIdField(messages.selectNetworkAirtime),
  mobile_number: purchasePhoneField,
  airtime_type: z.literal('VTU').optional().default('VTU'),
  Ported_number: portedField,
  amount: airtimeAmountField,
  transactionPin: pinField,
});

export const inhouseDataSchema = z.object({
  network: networkIdField(messages.selectNetworkData),
  mobile_number: purchasePhoneField,
  plan: z.coerce.number({ error: messages.selectDataPlan }).int(messages.selectDataPlan),
  Ported_number: portedField,
  /** Ignored unless it disagrees with the catalogue's price (then refused). */
  amount: nairaAmountField().optional(),
  transactionPin: pinField,
});

export const supplierDataSchema = z.object({
  phoneNumber: purchasePhoneField,
  planId: z.coerce
    .string({ error: messages.selectDataPlan })
    .trim()
    .min(1, messages.selectDataPlan),
  amount: nairaAmountField().optional(),
  transactionPin: pinField,
});

export const inhouseCableSchema = z.object({
  cablename: z.string({ error: messages.selectCablePlan }).trim().min(1, messages.selectCablePlan),
  cableplan: z.coerce.number({ error: messages.selectCablePlan }).int(messages.selectCablePlan),
  smart_card_number: cardNumberField,
  amount: nairaAmountField().optional(),
  transactionPin: pinField,
});

export const inhouseUtilitySchema = z.object({
  amount: electricityAmountField,
  disco_name: z.coerce
    .number({ error: messages.selectProvider })
    .int(messages.selectProvider)
    .positive(messages.selectProvider),
  meter_number: meterNumberField,
  meterType: meterTypeField,
  transactionPin: pinField,
});

// ------------------------------------------------------------------ provider family (VTpass)

const serviceIdField = (allowed: readonly string[], message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => allowed.includes(value), message);

export const providerDataSchema = z.object({
  phone: purchasePhoneField,
  serviceID: serviceIdField(VTPASS_DATA_SERVICES, messages.selectNetworkData),
  variation_code: z
    .string({ error: messages.selectDataPlan })
    .trim()
    .min(1, messages.selectDataPlan),
  amount: nairaAmountField().optional(),
  transactionPin: pinField,
});

export const providerAirtimeSchema = z.object({
  transactionPin: pinField,
  phone: purchasePhoneField,
  amount: airtimeAmountField,
  serviceID: serviceIdField(VTPASS_AIRTIME_SERVICES, messages.selectNetworkAirtime),
});

export const smartcardVerifySchema = z.object({
  // Only the TV services VTpass verifies: another id reached VTpass and came back as a 502.
  serviceID: z
    .string({ error: messages.selectCablePlan })
    .trim()
    .toLowerCase()
    .refine(
      (id) => (VTPASS_TV_SERVICES as readonly string[]).includes(id),
      messages.selectCablePlan,
    ),
  billersCode: cardNumberField,
});

export const providerTvSchema = z.object({
  variation_code: z
    .string({ error: messages.selectCablePlan })
    .trim()
    .min(1, messages.selectCablePlan),
  serviceID: z.string({ error: messages.selectCablePlan }).trim().toLowerCase().min(1),
  phone: purchasePhoneField,
  billersCode: cardNumberField,
  amount: nairaAmountField().optional(),
  transactionPin: pinField,
});

export const meterVerifySchema = z.object({
  serviceID: z.string({ error: messages.selectProvider }).trim().min(1, messages.selectProvider),
  billersCode: meterNumberField,
  type: meterTypeField.optional().default('prepaid'),
});

export const providerUtilitySchema = z.object({
  serviceID: z.string({ error: messages.selectProvider }).trim().min(1, messages.selectProvider),
  phone: purchasePhoneField,
  billersCode: meterNumberField,
  amount: electricityAmountField,
  /** Meter type defaults to prepaid (§5: "Meter type defaults to prepaid on one path"). */
  variation_code: meterTypeField.optional().default('prepaid'),
  transactionPin: pinField,
});

export const NETWORK_CHOICES = NETWORK_NAMES;
