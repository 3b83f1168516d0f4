/** Transaction PIN calls (bearer). */
import { apiRequest } from '../../../lib/api';

interface SetPinReply {
  success: true;
  message: string;
  data: { hasSetTransactionPin: true };
}

export interface SetPinInput {
  transactionPin: string;
  /** Changing an existing PIN needs the current PIN or an e-mailed code. */
  currentPin?: string;
  otp?: string;
}

export const setTransactionPin = (input: SetPinInput) =>
  apiRequest<SetPinReply>('/user/set-transaction-pin', { method: 'POST', body: input });

export const validatePin = (transactionPin: string) =>
  apiRequest<{ success: true; message: string }>('/user/validate-pin', {
    method: 'POST',
    body: { transactionPin },
  });

export const requestPinOtp = () =>
  apiRequest<{ success: true; message: string }>('/user/request-pin-otp', { method: 'POST' });

/** "Forgot PIN?": the e-mailed code checked before the new PIN is chosen (not used up). */
export const checkPinOtp = (otp: string) =>
  apiRequest<{ success: true; message: string }>('/user/check-pin-otp', {
    method: 'POST',
    body: { otp },
  });
