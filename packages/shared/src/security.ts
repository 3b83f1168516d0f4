/**
 * The Security screen (Profile → Security): change password, the signed-in devices and "sign out
 * everywhere". Not in the spec (its Security row is inert), so its texts live here, shared by the
 * API and the screen; the password rules are the spec's own (schemas/fields.ts).
 */
import { z } from 'zod/mini';
import { messages } from './messages';
import { newPasswordField } from './schemas/fields';

export const securityMessages = {
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordIncorrect: 'Your current password is incorrect.',
  samePassword: 'Your new password must be different from your current password.',
  noPassword:
    'Your account signs in with Google and has no password yet. Use "Forgot password" on the login screen to set one.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  passwordChanged: 'Password changed. Your other devices have been signed out.',
  sessionsListed: 'Sessions retrieved',
  sessionNotFound: 'Session not found.',
  sessionSignedOut: 'Device signed out',
  othersSignedOut: 'Signed out of every other device',
} as const;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: securityMessages.currentPasswordRequired })
      .check(
        z.minLength(1, securityMessages.currentPasswordRequired),
        z.maxLength(128, messages.invalidPassword),
      ),
    newPassword: newPasswordField,
  })
  .check(
    z.refine((form) => form.currentPassword !== form.newPassword, {
      message: securityMessages.samePassword,
      path: ['newPassword'],
    }),
  );

export const sessionIdParams = z.object({
  id: z.uuid({ error: securityMessages.sessionNotFound }),
});

/** A signed-in device as its owner sees it. */
export interface SessionDto {
  _id: string;
  userAgent: string;
  createdAt: string;
  /** The last request this session made (to the minute), or its sign-in time. */
  lastSeenAt: string;
  /** The session that asked: the device in the customer's hand. */
  current: boolean;
}

export interface SessionsReply {
  success: true;
  message: string;
  data: SessionDto[];
}

export interface SignOutOthersReply {
  success: true;
  message: string;
  /** How many other sessions were ended. */
  revoked: number;
}
