import { z } from 'zod';
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

const serviceCategoryIdField = z
  .string({ error: messages.serviceCategoryInvalid })
  .trim()
  .min(1, messages.serviceCategoryInvalid)
  .max(64, messages.serviceCategoryInvalid);

/** Sent by the spec's client, never trusted (see above). */
const ignored = {
  channel: z.string().max(64).optional(),
  debitAccountNumber: z.string().max(32).optional(),
  statusUrl: z.string().max(512).optional(),
};

function inRange(minNaira: number, maxNaira: number, minMessage: string, maxMessage: string) {
  return (kobo: number, ctx: z.RefinementCtx) => {
    if (kobo < minNaira * 100) ctx.addIssue({ code: 'custom', message: minMessage });
    else if (kobo > maxNaira * 100) ctx.addIssue({ code: 'custom', message: maxMessage });
  };
}

const bundleCodeField = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(64, message);

export const vendTypeField = z
  .string({ error: messages.selectMeterType })
  .trim()
  .toUpperCase()
  .pipe(z.enum(['PREPAID', 'POSTPAID'], { error: messages.selectMeterType }));

export const servicesVerifySchema = z.object({
  serviceCategoryId: serviceCategoryIdField,
  entityNumber: z
    .string({ error: messages.entityNotFound })
    .trim()
    .regex(/^\d{6,20}$/, messages.entityNotFound),
});

export const servicesAirtimeSchema = z.object({
  serviceCategoryId: serviceCategoryIdField,
  amount: nairaAmountField().superRefine(
    inRange(AIRTIME_MIN_NAIRA, AIRTIME_MAX_NAIRA, messages.airtimeMinimum, messages.airtimeMaximum),
  ),
  phoneNumber: purchasePhoneField,
  transactionPin: pinField,
  ...ignored,
});

export const servicesDataSchema = z.object({
  serviceCategoryId: serviceCategoryIdField,
  bundleCode: bundleCodeField(messages.selectDataPlan),
  /** Checked against the bundle's price, never used as the price. */
  amount: nairaAmountField().optional(),
  phoneNumber: purchasePhoneField,
  transactionPin: pinField,
  ...ignored,
});

export const servicesCableSchema = z.object({
  serviceCategoryId: serviceCategoryIdField,
  bundleCode: bundleCodeField(messages.selectCablePlan),
  /** Checked against the package's price; the price of an open-amount package (top-up). */
  amount: nairaAmountField().optional(),
  cardNumber: cardNumberField,
  transactionPin: pinField,
  ...ignored,
});

export const servicesUtilitySchema = z.object({
  serviceCategoryId: serviceCategoryIdField,
  meterNumber: meterNumberField,
  amount: nairaAmountField(messages.enterUnitsAmount).superRefine(
    inRange(
      ELECTRICITY_MIN_NAIRA,
      ELECTRICITY_MAX_NAIRA,
      messages.electricityMinimum,
      messages.electricityMaximum,
    ),
  ),
  vendType: vendTypeField.optional().default('PREPAID'),
  transactionPin: pinField,
  ...ignored,
});

/** GET services/categories?service=: which of Safe Haven's services to list. */
export const servicesCategoriesQuery = z.object({
  service: z
    .string({ error: messages.serviceCategoryInvalid })
    .trim()
    .toUpperCase()
    .pipe(
      z.enum(['AIRTIME', 'DATA', 'CABLETV', 'UTILITY'], {
        error: messages.serviceCategoryInvalid,
      }),
    ),
});
