import { z } from 'zod';
import { IDENTITY_NUMBER_LENGTH, IDENTITY_TYPES } from '../constants';
import { messages } from '../messages';
import { toInternationalPhone } from '../phone';
import { emailField, phoneField } from './fields';

/** Bodies of spec §7 "Verification and accounts", shared by the screens and the API. */

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const identityTypeField = z.enum(IDENTITY_TYPES, {
  error: messages.verificationTypeAndNumber,
});

/** A NIN or BVN: exactly 11 digits (spec 2 §5). Spaces typed between groups are dropped. */
export const identityNumberField = z
  .string({ error: messages.verificationTypeAndNumber })
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => value.length > 0, messages.verificationTypeAndNumber)
  .refine(
    (value) => new RegExp(`^\\d{${IDENTITY_NUMBER_LENGTH}}$`).test(value),
    messages.identityNumberLength,
  );

/** Safe Haven's OTPs are digits (6 in practice); 4–8 accepted. */
const identityOtpField = z
  .string({ error: messages.invalidOtp })
  .trim()
  .regex(/^\d{4,8}$/, messages.invalidOtp);

const identityIdField = z
  .string({ error: messages.verificationNotFound })
  .trim()
  .min(1, messages.verificationNotFound)
  .max(100, messages.verificationNotFound);

/** POST verification/initiate: the spec's client sends {number}; the type defaults to NIN. */
export const verificationInitiateSchema = z.object({
  type: z.preprocess(blankToUndefined, identityTypeField.default('NIN')),
  number: identityNumberField,
});

export const verificationValidateSchema = z.object({
  otp: identityOtpField,
  identityId: identityIdField,
});

export const verificationEnquirySchema = z.object({
  type: identityTypeField,
  number: identityNumberField,
});

/**
 * POST account/subaccount. The phone is carried in the +234 form Safe Haven expects (the KYC
 * form's normalisation, §5).
 */
export const subaccountSchema = z.object({
  phoneNumber: z
    .string({ error: messages.phoneRequired })
    .trim()
    .min(1, messages.phoneRequired)
    .pipe(phoneField)
    .transform((value) => toInternationalPhone(value) ?? value),
  emailAddress: emailField,
  identityId: identityIdField,
  identityNumber: identityNumberField,
  identityType: identityTypeField,
  otp: identityOtpField,
});
