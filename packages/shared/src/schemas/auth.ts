import { z } from 'zod';
import { messages } from '../messages';
import { emailField, localPhoneField, newPasswordField, otpField } from './fields';

export const requestOtpSchema = z.object({ email: emailField });
export const resendOtpSchema = requestOtpSchema;

export const verifyOtpSchema = z.object({ email: emailField, otp: otpField });

export const completeSignupSchema = z.object({
  firstName: z
    .string({ error: messages.provideFirstName })
    .trim()
    .min(1, messages.provideFirstName)
    .max(60),
  lastName: z
    .string({ error: messages.provideLastName })
    .trim()
    .min(1, messages.provideLastName)
    .max(60),
  email: emailField,
  phoneNumber: localPhoneField,
  password: newPasswordField,
  signupTicket: z
    .string({ error: messages.signupTicketInvalid })
    .min(1, messages.signupTicketInvalid)
    .max(2000),
});

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: messages.invalidPassword })
    .min(1, messages.invalidPassword)
    .max(128, messages.invalidPassword),
});

export const googleLoginSchema = z.object({
  idToken: z
    .string({ error: messages.googleTokenInvalid })
    .min(1, messages.googleTokenInvalid)
    .max(4096),
});

export const requestPasswordResetSchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({
  email: emailField,
  otp: otpField,
  password: newPasswordField,
});

/** The client's reset form adds a confirmation field. */
export const resetPasswordFormSchema = z
  .object({ otp: otpField, password: newPasswordField, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
