import { z } from 'zod/mini';
import {
  AIRTIME_MAX_NAIRA,
  AIRTIME_MIN_NAIRA,
  ELECTRICITY_MAX_NAIRA,
  ELECTRICITY_MIN_NAIRA,
} from '../constants';
import { messages } from '../messages';
import { pinField } from './fields';
import {
  cardNumberField,
  meterNumberField,
  nairaAmountField,
  purchasePhoneField,
} from './purchases';

/**
 * The alternative service-category family of spec §7 (services/verify, services/pay/*), paid
 * through Safe Haven. `channel`, `debitAccountNumber` and `statusUrl` are accepted because the
 * spec's client sends them, and ignored: the server pays from its own Safe Haven account and
 * requeries instead of waiting on a status URL (docs/decisions/0011).
 */

/** Trimmed text, 1 to 64 characters, one message for every way it is wrong. */
const codeField = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(64, message));

const serviceCategoryIdField = codeField(messages.serviceCategoryInvalid);

/** Sent by the spec's client, never trusted (see above). */
const ignored = {
  channel: z.optional(z.string().check(z.maxLength(64))),
  debitAccountNumber: z.optional(z.string().check(z.maxLength(32))),
  statusUrl: z.optional(z.string().check(z.maxLength(512))),
};

function inRange(minNaira: number, maxNaira: number, minMessage: string, maxMessage: string) {
  return z.superRefine((kobo: number, ctx) => {
    if (kobo < minNaira * 100) ctx.addIssue({ code: 'custom', message: minMessage });
    else if (kobo > maxNaira * 100) ctx.addIssue({ code: 'custom', message: maxMessage });
  });
}

export const vendTypeField = z.pipe(
  z.string({ error: messages.selectMeterType }).check(z.trim(), z.toUpperCase()),
  z.enum(['PREPAID', 'POSTPAID'], { error: messages.selectMeterType }),
);

export const servicesVerifySchema = z.object({
  serviceCategoryId: serviceCategoryIdField,
  entityNumber: z
    .string({ error: messages.entityNotFound })
    .check(z.trim(), z.regex(/^\d{6,20}$/, messages.entityNotFound)),
});

export const servicesAirtimeSchema = z.object({
  serviceCategoryId: serviceCategoryIdField,
  amount: nairaAmountField().check(
    inRange(AIRTIME_MIN_NAIRA, AIRTIME_MAX_NAIRA, messages.airtimeMinimum, messages.airtimeMaximum),
  ),
  phoneNumber: purchasePhoneField,
  transactionPin: pinField,
  ...ignored,
});

export const servicesDataSchema = z.object({
  serviceCategoryId: serviceCategoryIdField,
  bundleCode: codeField(messages.selectDataPlan),
  /** Checked against the bundle's price, never used as the price. */
  amount: z.optional(nairaAmountField()),
  phoneNumber: purchasePhoneField,
  transactionPin: pinField,
  ...ignored,
});

export const servicesCableSchema = z.object({
  serviceCategoryId: serviceCategoryIdField,
  bundleCode: codeField(messages.selectCablePlan),
  /** Checked against the package's price; the price of an open-amount package (top-up). */
  amount: z.optional(nairaAmountField()),
  cardNumber: cardNumberField,
  transactionPin: pinField,
  ...ignored,
});

export const servicesUtilitySchema = z.object({
  serviceCategoryId: serviceCategoryIdField,
  meterNumber: meterNumberField,
  amount: nairaAmountField(messages.enterUnitsAmount).check(
    inRange(
      ELECTRICITY_MIN_NAIRA,
      ELECTRICITY_MAX_NAIRA,
      messages.electricityMinimum,
      messages.electricityMaximum,
    ),
  ),
  vendType: z._default(z.optional(vendTypeField), 'PREPAID'),
  transactionPin: pinField,
  ...ignored,
});

/** GET services/categories?service=: which of Safe Haven's services to list. */
export const servicesCategoriesQuery = z.object({
  service: z.pipe(
    z.string({ error: messages.serviceCategoryInvalid }).check(z.trim(), z.toUpperCase()),
    z.enum(['AIRTIME', 'DATA', 'CABLETV', 'UTILITY'], {
      error: messages.serviceCategoryInvalid,
    }),
  ),
});
