import { z } from 'zod/mini';
import { messages } from '../messages';
import { emailField, localPhoneField, newPasswordField, otpField } from './fields';

export const requestOtpSchema = z.object({ email: emailField });
export const resendOtpSchema = requestOtpSchema;

export const verifyOtpSchema = z.object({ email: emailField, otp: otpField });

export const completeSignupSchema = z.object({
  firstName: z
    .string({ error: messages.provideFirstName })
    .check(z.trim(), z.minLength(1, messages.provideFirstName), z.maxLength(60)),
  lastName: z
    .string({ error: messages.provideLastName })
    .check(z.trim(), z.minLength(1, messages.provideLastName), z.maxLength(60)),
  email: emailField,
  phoneNumber: localPhoneField,
  password: newPasswordField,
  signupTicket: z
    .string({ error: messages.signupTicketInvalid })
    .check(z.minLength(1, messages.signupTicketInvalid), z.maxLength(2000)),
});

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: messages.invalidPassword })
    .check(z.minLength(1, messages.invalidPassword), z.maxLength(128, messages.invalidPassword)),
});

export const googleLoginSchema = z.object({
  idToken: z
    .string({ error: messages.googleTokenInvalid })
    .check(z.minLength(1, messages.googleTokenInvalid), z.maxLength(4096)),
});

export const requestPasswordResetSchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({
  email: emailField,
  otp: otpField,
  password: newPasswordField,
});

/** The reset code checked on its own screen before the new password is typed (decision 0059). */
export const checkResetCodeSchema = z.object({ email: emailField, otp: otpField });

/** The client's reset form adds a confirmation field. */
export const resetPasswordFormSchema = z
  .object({ otp: otpField, password: newPasswordField, confirmPassword: z.string() })
  .check(
    z.refine((form) => form.password === form.confirmPassword, {
      message: messages.passwordsDoNotMatch,
      path: ['confirmPassword'],
    }),
  );
