/** Sign-in, sign-up and password-recovery calls (all public: no bearer token). */
import type { AuthReply, VerifyOtpNewAccountReply } from '@owo/shared/api-types';
import { apiRequest } from '../../../lib/api';

interface MessageReply {
  success: true;
  message: string;
}

const post = <T>(path: string, body: unknown) =>
  apiRequest<T>(path, { method: 'POST', body, token: null });

export const requestOtp = (email: string) => post<MessageReply>('/auth/request-otp', { email });
export const resendOtp = (email: string) => post<MessageReply>('/auth/resend-otp', { email });

export type VerifyOtpReply = AuthReply | VerifyOtpNewAccountReply;
export const verifyOtp = (email: string, otp: string) =>
  post<VerifyOtpReply>('/auth/verify-otp', { email, otp });

export function isNewAccountReply(reply: VerifyOtpReply): reply is VerifyOtpNewAccountReply {
  return 'signupTicket' in reply && !('token' in reply && reply.token);
}

export interface CompleteSignupInput {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
  signupTicket: string;
}
export const completeSignup = (input: CompleteSignupInput) =>
  post<AuthReply>('/auth/complete-signup', input);

export const login = (email: string, password: string) =>
  post<AuthReply>('/auth/login', { email, password });

export const requestPasswordReset = (email: string) =>
  post<MessageReply>('/user/request-password-reset', { email });

/** The reset code checked on its own screen, not used up (decision 0059). */
export const checkResetCode = (email: string, otp: string) =>
  post<MessageReply>('/user/check-reset-code', { email, otp });

export const resetPassword = (input: { email: string; password: string; otp: string }) =>
  post<MessageReply>('/user/reset-password', input);
