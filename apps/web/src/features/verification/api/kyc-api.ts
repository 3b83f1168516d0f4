/**
 * KYC calls (spec §7 "Verification and accounts"): the details update, the identity check that
 * sends a code to the phone on record, the code's validation and the permanent account it opens.
 */
import type { AccountDto, UserDto, VerificationInitiateReply } from '@owo/shared/api-types';
import type { IdentityKind } from '@owo/shared/constants';
import { apiRequest } from '../../../lib/api';

export interface DetailsPatch {
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  gender?: string;
  birthDate?: string;
}

/** PATCH user/update with only the fields the customer filled in (spec §5). */
export function updateDetails(patch: DetailsPatch) {
  return apiRequest<{ success: true; message: string; data: UserDto }>('/user/update', {
    method: 'PATCH',
    body: patch,
  });
}

export function initiateVerification(input: { type: IdentityKind; number: string }) {
  return apiRequest<VerificationInitiateReply>('/verification/initiate', {
    method: 'POST',
    body: input,
  });
}

export function validateVerification(input: { otp: string; identityId: string }) {
  return apiRequest<{ success: true; message: string }>('/verification/validate', {
    method: 'POST',
    body: input,
  });
}

export interface SubaccountInput {
  phoneNumber: string;
  emailAddress: string;
  identityId: string;
  identityNumber: string;
  identityType: IdentityKind;
  otp: string;
}

export function createSubaccount(input: SubaccountInput) {
  return apiRequest<{ success: true; message: string; data: AccountDto }>('/account/subaccount', {
    method: 'POST',
    body: input,
  });
}
