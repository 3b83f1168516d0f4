import type { Page } from '@playwright/test';
import { SAFEHAVEN_IDENTITIES } from '@owo/providers/sandbox/magic';
import { customerCall } from './customer-api';
import { freshIdentityNumber } from './sandbox';

/**
 * Verifies the signed-in customer's identity through the API, the way the verification screens
 * call it (Safe Haven's simulator; the flow itself has its own specs).
 */
export async function verifyByApi(page: Page, email: string) {
  const number = freshIdentityNumber();
  const started = await customerCall<{ data: { identityId: string } }>(
    page,
    'POST',
    '/verification/initiate',
    { type: 'NIN', number },
  );
  const identityId = started.data.identityId;
  const otp = SAFEHAVEN_IDENTITIES.fixedOtp;
  await customerCall(page, 'POST', '/verification/validate', { identityId, otp });
  await customerCall(page, 'POST', '/account/subaccount', {
    phoneNumber: '08031234567',
    emailAddress: email,
    identityId,
    identityNumber: number,
    identityType: 'NIN',
    otp,
  });
}
