/** Reply shapes of spec §7 shared by the API and the web client (types only: no runtime cost). */
import type { Gender, Role } from './constants';

export interface UserDto {
  _id: string;
  email: string;
  role: Role;
  /** Naira, up to 2 decimals (the spec's edge format); kobo inside. */
  accountBalance: number;
  hasSetTransactionPin: boolean;
  isVerified: boolean;
  status: string;
  isGoogleUser: boolean;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  accountNumber: string;
  imageUrl: string;
  thumbnailUrl: string;
  originalImageUrl: string;
  isKYCVerified: boolean;
  gender: Gender | '';
  birthDate: string;
  accountDetails: {
    bankName: string;
    accountName: string;
    accountNumber: string;
    accountType: string;
    accountBalance: number;
    status: string;
    _id: string;
  } | null;
}

export interface AuthReply {
  success: true;
  message: string;
  data: UserDto;
  token: string;
  /** Seconds until the token expires. */
  expires_in: number;
}

export interface VerifyOtpNewAccountReply {
  success: true;
  message: string;
  /** Present when no account exists yet: the client goes to complete registration. */
  email: string;
  signupTicket: string;
}

export interface ErrorReply {
  success: false;
  message: string;
  code: string;
  data?: { message: string; errors?: { field?: string; message: string }[] };
}

export interface PublicConfig {
  appName: string;
  googleClientId: string | null;
  chatPropertyId: string | null;
}
