/**
 * The Security screen (Profile → Security): change password, the signed-in devices and "sign out
 * everywhere". Not in the spec (its Security row is inert), so its texts live here, shared by the
 * API and the screen; the password rules are the spec's own (schemas/fields.ts).
 */
import { z } from 'zod/mini';
import { messages } from './messages';
import { listReply } from './replies/common';
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
export const sessionDtoSchema = z.object({
  _id: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  /** The last request this session made (to the minute), or its sign-in time. */
  lastSeenAt: z.string(),
  /** The session that asked: the device in the customer's hand. */
  current: z.boolean(),
});
export type SessionDto = z.output<typeof sessionDtoSchema>;

/** GET user/sessions: the caller's signed-in devices, the current one first. */
export const sessionsReplySchema = listReply(sessionDtoSchema);
export type SessionsReply = z.output<typeof sessionsReplySchema>;

/** POST user/sessions/sign-out-others. */
export const signOutOthersReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** How many other sessions were ended. */
  revoked: z.number().check(z.int()),
});
export type SignOutOthersReply = z.output<typeof signOutOthersReplySchema>;
