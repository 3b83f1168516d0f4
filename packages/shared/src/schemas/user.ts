import { z } from 'zod';
import { messages } from '../messages';
import { toInternationalPhone } from '../phone';
import { birthDateField, genderField, localPhoneField, phoneField, pinField } from './fields';

/** Empty strings mean "not given": the profile update sends only non-empty fields (§5). */
const optional = <T extends z.ZodType>(field: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), field.optional());

export const updateUserSchema = z
  .object({
    firstName: optional(z.string().trim().min(1, messages.firstNameRequired).max(60)),
    lastName: optional(z.string().trim().min(1, messages.lastNameRequired).max(60)),
    phoneNumber: optional(localPhoneField),
    gender: optional(genderField),
    birthDate: optional(birthDateField),
  })
  .strict();

export const setPinSchema = z.object({
  transactionPin: pinField,
  /** Changing an existing PIN needs the current PIN or an e-mail code (docs/decisions). */
  currentPin: pinField.optional(),
  otp: z
    .string()
    .regex(/^\d{4}$/, messages.invalidOtp)
    .optional(),
});

export const validatePinSchema = z.object({ transactionPin: pinField });

/** The client's KYC details form (§5 KYC). */
export const kycDetailsSchema = z.object({
  firstName: z.string().trim().min(1, messages.firstNameRequired),
  lastName: z.string().trim().min(1, messages.lastNameRequired),
  // §5: the KYC form normalises the phone to the +234 form.
  phoneNumber: z
    .string()
    .trim()
    .min(1, messages.phoneRequired)
    .pipe(phoneField)
    .transform((value) => toInternationalPhone(value) ?? value),
  gender: genderField,
  birthDate: z.string().min(1, messages.birthDateRequired).pipe(birthDateField),
});
