import { z } from 'zod/mini';
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
import { pinField, refuse } from './fields';

/** Purchase bodies of spec §7 (both families), shared by the screens and the API. */

/** A phone for a purchase: validated by §5's rule, carried in the local 0XXXXXXXXXX form. */
export const purchasePhoneField = z.pipe(
  z
    .string({ error: messages.invalidPhone })
    .check(
      z.trim(),
      z.maxLength(20, messages.invalidPhone),
      z.refine(isValidNigerianPhone, messages.invalidPhone),
    ),
  z.transform((value: string) => toLocalPhone(value) ?? value),
);

/** A naira amount (number or text) to integer kobo; never through floating arithmetic. */
export function nairaAmountField(message: string = messages.invalidAmount) {
  return z.pipe(
    z.union([z.number(), z.string()], { error: message }),
    z.transform((value: number | string, ctx) => {
      const kobo = parseNairaToKobo(value);
      if (kobo === null || kobo <= 0) return refuse(ctx, message);
      return kobo;
    }),
  );
}

function koboRange(minNaira: number, maxNaira: number, minMessage: string, maxMessage: string) {
  return z.superRefine((kobo: number, ctx) => {
    if (kobo < minNaira * 100) ctx.addIssue({ code: 'custom', message: minMessage });
    else if (kobo > maxNaira * 100) ctx.addIssue({ code: 'custom', message: maxMessage });
  });
}

const airtimeAmountField = nairaAmountField().check(
  koboRange(AIRTIME_MIN_NAIRA, AIRTIME_MAX_NAIRA, messages.airtimeMinimum, messages.airtimeMaximum),
);
const electricityAmountField = nairaAmountField(messages.enterUnitsAmount).check(
  koboRange(
    ELECTRICITY_MIN_NAIRA,
    ELECTRICITY_MAX_NAIRA,
    messages.electricityMinimum,
    messages.electricityMaximum,
  ),
);

/** The in-house family names networks by DataStation id (1 MTN, 2 GLO, 3 9MOBILE, 4 AIRTEL). */
const networkIdField = (message: string) =>
  z.coerce.number({ error: message }).check(
    z.int(message),
    z.refine((id: number) => Object.values(NETWORK_IDS).includes(id), message),
  );

export const meterNumberField = z
  .string({ error: messages.invalidMeterNumber })
  .check(z.trim(), z.regex(/^\d{11,13}$/, messages.invalidMeterNumber));

export const cardNumberField = z
  .string({ error: messages.invalidCardNumber })
  .check(z.trim(), z.regex(/^\d{10,12}$/, messages.invalidCardNumber));

export const meterTypeField = z.pipe(
  z.string({ error: messages.selectMeterType }).check(z.trim(), z.toLowerCase()),
  z.enum(['prepaid', 'postpaid'], { error: messages.selectMeterType }),
);

const portedField = z.optional(z.union([z.boolean(), z.string()]));

/** A required text field: trimmed, not empty. */
const chosenField = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message));

// ------------------------------------------------------------------ in-house family

export const inhouseAirtimeSchema = z.object({
  network: networkIdField(messages.selectNetworkAirtime),
  mobile_number: purchasePhoneField,
  airtime_type: z._default(z.optional(z.literal('VTU')), 'VTU'),
  Ported_number: portedField,
  amount: airtimeAmountField,
  transactionPin: pinField,
});

export const inhouseDataSchema = z.object({
  network: networkIdField(messages.selectNetworkData),
  mobile_number: purchasePhoneField,
  plan: z.coerce.number({ error: messages.selectDataPlan }).check(z.int(messages.selectDataPlan)),
  Ported_number: portedField,
  /** Ignored unless it disagrees with the catalogue's price (then refused). */
  amount: z.optional(nairaAmountField()),
  transactionPin: pinField,
});

export const supplierDataSchema = z.object({
  phoneNumber: purchasePhoneField,
  planId: z.coerce
    .string({ error: messages.selectDataPlan })
    .check(z.trim(), z.minLength(1, messages.selectDataPlan)),
  amount: z.optional(nairaAmountField()),
  transactionPin: pinField,
});

export const inhouseCableSchema = z.object({
  cablename: chosenField(messages.selectCablePlan),
  cableplan: z.coerce
    .number({ error: messages.selectCablePlan })
    .check(z.int(messages.selectCablePlan)),
  smart_card_number: cardNumberField,
  amount: z.optional(nairaAmountField()),
  transactionPin: pinField,
});

export const inhouseUtilitySchema = z.object({
  amount: electricityAmountField,
  disco_name: z.coerce
    .number({ error: messages.selectProvider })
    .check(z.int(messages.selectProvider), z.positive(messages.selectProvider)),
  meter_number: meterNumberField,
  meterType: meterTypeField,
  transactionPin: pinField,
});

// ------------------------------------------------------------------ provider family (VTpass)

const serviceIdField = (allowed: readonly string[], message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.refine((value: string) => allowed.includes(value), message),
  );

export const providerDataSchema = z.object({
  phone: purchasePhoneField,
  serviceID: serviceIdField(VTPASS_DATA_SERVICES, messages.selectNetworkData),
  variation_code: chosenField(messages.selectDataPlan),
  amount: z.optional(nairaAmountField()),
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
  serviceID: z.string({ error: messages.selectCablePlan }).check(
    z.trim(),
    z.toLowerCase(),
    z.refine(
      (id: string) => (VTPASS_TV_SERVICES as readonly string[]).includes(id),
      messages.selectCablePlan,
    ),
  ),
  billersCode: cardNumberField,
});

export const providerTvSchema = z.object({
  variation_code: chosenField(messages.selectCablePlan),
  serviceID: z
    .string({ error: messages.selectCablePlan })
    .check(z.trim(), z.toLowerCase(), z.minLength(1)),
  phone: purchasePhoneField,
  billersCode: cardNumberField,
  amount: z.optional(nairaAmountField()),
  transactionPin: pinField,
});

export const meterVerifySchema = z.object({
  serviceID: chosenField(messages.selectProvider),
  billersCode: meterNumberField,
  type: z._default(z.optional(meterTypeField), 'prepaid'),
});

export const providerUtilitySchema = z.object({
  serviceID: chosenField(messages.selectProvider),
  phone: purchasePhoneField,
  billersCode: meterNumberField,
  amount: electricityAmountField,
  /** Meter type defaults to prepaid (§5: "Meter type defaults to prepaid on one path"). */
  variation_code: z._default(z.optional(meterTypeField), 'prepaid'),
  transactionPin: pinField,
});

export const NETWORK_CHOICES = NETWORK_NAMES;
