import { z } from 'zod/mini';
import { IDENTITY_NUMBER_LENGTH, IDENTITY_TYPES } from '../constants';
import { messages } from '../messages';
import { toInternationalPhone } from '../phone';
import { emailField, phoneField, preprocess } from './fields';

/** Bodies of spec §7 "Verification and accounts", shared by the screens and the API. */

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const identityTypeField = z.enum(IDENTITY_TYPES, {
  error: messages.verificationTypeAndNumber,
});

/** A NIN or BVN: exactly 11 digits (spec 2 §5). Spaces typed between groups are dropped. */
export const identityNumberField = z
  .pipe(
    z.string({ error: messages.verificationTypeAndNumber }),
    z.transform((value: string) => value.replace(/\s+/g, '')),
  )
  .check(
    z.refine((value) => value.length > 0, messages.verificationTypeAndNumber),
    z.refine(
      (value) => new RegExp(`^\\d{${IDENTITY_NUMBER_LENGTH}}$`).test(value),
      messages.identityNumberLength,
    ),
  );

/** Safe Haven's OTPs are digits (6 in practice); 4–8 accepted. */
const identityOtpField = z
  .string({ error: messages.invalidOtp })
  .check(z.trim(), z.regex(/^\d{4,8}$/, messages.invalidOtp));

const identityIdField = z
  .string({ error: messages.verificationNotFound })
  .check(
    z.trim(),
    z.minLength(1, messages.verificationNotFound),
    z.maxLength(100, messages.verificationNotFound),
  );

/** POST verification/initiate: the spec's client sends {number}; the type defaults to NIN. */
export const verificationInitiateSchema = z.object({
  type: preprocess(blankToUndefined, z._default(identityTypeField, 'NIN')),
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
  phoneNumber: z.pipe(
    z.pipe(
      z
        .string({ error: messages.phoneRequired })
        .check(z.trim(), z.minLength(1, messages.phoneRequired)),
      phoneField,
    ),
    z.transform((value: string) => toInternationalPhone(value) ?? value),
  ),
  emailAddress: emailField,
  identityId: identityIdField,
  identityNumber: identityNumberField,
  identityType: identityTypeField,
  otp: identityOtpField,
});
