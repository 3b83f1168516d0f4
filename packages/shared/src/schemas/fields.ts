import { z } from 'zod/mini';
import { messages } from '../messages';
import { isValidNigerianPhone, toLocalPhone } from '../phone';
import { MINIMUM_AGE_YEARS, GENDERS } from '../constants';

/**
 * Field rules of spec §5, shared by the screens and the API. Written with zod/mini (functional
 * checks) so the web bundle leaves out classic zod's method chains and locale; the rules and
 * messages are the same ones either way, as zod's core runs both.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z.pipe(
  z
    .string({ error: messages.invalidEmail })
    .check(
      z.trim(),
      z.maxLength(254, messages.invalidEmail),
      z.regex(EMAIL_PATTERN, messages.invalidEmail),
    ),
  z.transform((value: string) => value.toLowerCase()),
);

/** Returns the first rule a password breaks, in the spec's "Password must ..." wording. */
export function passwordProblem(password: string): string | null {
  if (password.length < 8) return messages.passwordTooShort;
  if (!/[A-Z]/.test(password)) return messages.passwordNeedsUpper;
  if (!/[a-z]/.test(password)) return messages.passwordNeedsLower;
  if (!/\d/.test(password)) return messages.passwordNeedsDigit;
  if (!/[^A-Za-z0-9]/.test(password)) return messages.passwordNeedsSpecial;
  return null;
}

/** The create and reset screens show one combined message for any broken rule. */
export const newPasswordField = z.string({ error: messages.passwordCombined }).check(
  z.maxLength(128, messages.passwordCombined),
  z.refine((value) => passwordProblem(value) === null, messages.passwordCombined),
);

export const otpField = z
  .string({ error: messages.invalidOtp })
  .check(z.trim(), z.regex(/^\d{4}$/, messages.invalidOtp));

export const pinField = z
  .string({ error: messages.pinExactlyFour })
  .check(z.regex(/^\d{4}$/, messages.pinExactlyFour));

export const phoneField = z
  .string({ error: messages.invalidPhoneFormat })
  .check(
    z.trim(),
    z.maxLength(20, messages.invalidPhoneFormat),
    z.refine(isValidNigerianPhone, messages.invalidPhoneFormat),
  );

/** A valid phone, stored in the local 0XXXXXXXXXX form (sign-up and profile). */
export const localPhoneField = z.pipe(
  phoneField,
  z.transform((value: string) => toLocalPhone(value) ?? value),
);

export const genderField = z.enum(GENDERS, { error: messages.genderRequired });

/** Whole years between a YYYY-MM-DD birth date and today (UTC calendar). */
export function ageInYears(birthDate: string, today = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** True for a calendar date that exists (2000-02-31 does not: Date would roll it to March). */
export function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const birthDateField = z.string({ error: messages.birthDateRequired }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, messages.birthDateRequired),
  z.refine(isRealDate, messages.birthDateRequired),
  z.refine((value) => ageInYears(value) >= MINIMUM_AGE_YEARS, messages.mustBeAdult),
);

/*
 * Two pieces of classic zod that zod/mini leaves out, rebuilt the way classic builds them so the
 * shared schemas behave as they did on classic. They live with the field rules, which every
 * schema module imports: in a module of their own the web build gave them a 0.2 KB chunk of
 * their own, one more request on every form route.
 */

/**
 * Refuses a value inside a transform: mini's transforms get the bare parse payload, without the
 * ctx.addIssue classic adds, so the issue is recorded as classic's addIssue records it (code
 * 'custom', the value as input). Returns z.NEVER for the transform to return.
 */
export function refuse(ctx: z.core.ParsePayload, message: string): never {
  ctx.issues.push({ code: 'custom', message, input: ctx.value });
  return z.NEVER;
}

/**
 * classic's z.preprocess: a pipe from a transform into the schema. (z.pipe's types want the
 * schema to accept the transform's output, which a generic schema cannot promise; classic's
 * preprocess is typed the same loose way.)
 */
export function preprocess<U extends z.core.SomeType>(
  fn: (value: unknown) => unknown,
  schema: U,
): z.ZodMiniPipe<z.ZodMiniTransform<unknown, unknown>, U> {
  return z.pipe(z.transform(fn), schema as unknown as z.core.$ZodType) as unknown as z.ZodMiniPipe<
    z.ZodMiniTransform<unknown, unknown>,
    U
  >;
}
