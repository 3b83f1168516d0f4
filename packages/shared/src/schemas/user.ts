import { z } from 'zod/mini';
import { messages } from '../messages';
import { toInternationalPhone } from '../phone';
import {
  birthDateField,
  genderField,
  localPhoneField,
  phoneField,
  pinField,
  preprocess,
} from './fields';

/** Empty strings mean "not given": the profile update sends only non-empty fields (§5). */
const optional = <T extends z.core.SomeType>(field: T) =>
  preprocess((value) => (value === '' || value === null ? undefined : value), z.optional(field));

/** A trimmed name: present, at most 60 characters. */
const nameField = (message: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(60));

export const updateUserSchema = z.strictObject({
  firstName: optional(nameField(messages.firstNameRequired)),
  lastName: optional(nameField(messages.lastNameRequired)),
  phoneNumber: optional(localPhoneField),
  gender: optional(genderField),
  birthDate: optional(birthDateField),
});

export const setPinSchema = z.object({
  transactionPin: pinField,
  /** Changing an existing PIN needs the current PIN or an e-mail code (docs/decisions). */
  currentPin: z.optional(pinField),
  otp: z.optional(z.string().check(z.regex(/^\d{4}$/, messages.invalidOtp))),
});

export const validatePinSchema = z.object({ transactionPin: pinField });

/** "Forgot PIN?": the e-mailed code checked before the new PIN is chosen (decision 0058). */
export const checkPinOtpSchema = z.object({
  otp: z.string().check(z.regex(/^\d{4}$/, messages.invalidOtp)),
});

/** The client's KYC details form (§5 KYC). */
export const kycDetailsSchema = z.object({
  firstName: z.string().check(z.trim(), z.minLength(1, messages.firstNameRequired)),
  lastName: z.string().check(z.trim(), z.minLength(1, messages.lastNameRequired)),
  // §5: the KYC form normalises the phone to the +234 form.
  phoneNumber: z.pipe(
    z.pipe(z.string().check(z.trim(), z.minLength(1, messages.phoneRequired)), phoneField),
    z.transform((value: string) => toInternationalPhone(value) ?? value),
  ),
  gender: genderField,
  birthDate: z.pipe(z.string().check(z.minLength(1, messages.birthDateRequired)), birthDateField),
});
