import { z } from 'zod/mini';
import { GENDERS, ROLES } from '../constants';
import { dataReply } from './common';

const naira = () => z.number().check(z.describe('Naira, up to 2 decimals (kobo inside).'));

/** The signed-in user as every auth reply and GET /api/user carry it (UserDto). */
export const userDtoSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  accountBalance: naira(),
  hasSetTransactionPin: z.boolean(),
  isVerified: z.boolean(),
  status: z.string(),
  isGoogleUser: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  accountNumber: z.string(),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
  originalImageUrl: z.string(),
  isKYCVerified: z.boolean(),
  gender: z.enum([...GENDERS, '']),
  birthDate: z.string(),
  accountDetails: z.nullable(
    z.object({
      bankName: z.string(),
      accountName: z.string(),
      accountNumber: z.string(),
      accountType: z.string(),
      accountBalance: z.number(),
      status: z.string(),
      _id: z.string(),
    }),
  ),
});

/** GET /api/user: the signed-in user, with the wallet balance. */
export const userReplySchema = dataReply(userDtoSchema);

/** A new session: the user, the bearer token and its lifetime in seconds (AuthReply). */
export const authReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: userDtoSchema,
  token: z.string(),
  expires_in: z.number(),
});

/** verify-otp for an e-mail with no account yet: the ticket that completes the sign-up. */
export const verifyOtpNewAccountReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  email: z.string(),
  signupTicket: z.string(),
});

/** POST auth/verify-otp: signed in, or on to complete the sign-up. */
export const verifyOtpReplySchema = z.union([authReplySchema, verifyOtpNewAccountReplySchema]);

/** POST user/upload-profile-picture: the new picture's three sizes, as file URLs. */
export const profilePictureReplySchema = dataReply(
  z.object({ imageUrl: z.string(), thumbnailUrl: z.string(), originalImageUrl: z.string() }),
);
