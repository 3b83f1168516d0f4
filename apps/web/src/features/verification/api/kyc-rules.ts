/** The KYC screens' input checks: the API's own schemas, so both sides say the same words. */
import type { IdentityKind } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { verificationInitiateSchema, verificationValidateSchema } from '@owo/shared/schemas/kyc';

type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Both the type and the number are required on this screen (spec 2 §5), even though the API
 * defaults a missing type to NIN for the spec's older client that sent only the number.
 */
export function checkInitiate(
  type: IdentityKind | '',
  number: string,
): Checked<{ type: IdentityKind; number: string }> {
  if (!type || !number.trim()) return { ok: false, error: messages.verificationTypeAndNumber };
  const parsed = verificationInitiateSchema.safeParse({ type, number });
  if (!parsed.success)
    return { ok: false, error: parsed.error.issues[0]?.message ?? messages.identityNumberLength };
  return { ok: true, value: parsed.data };
}

export function checkOtp(otp: string, identityId: string): Checked<string> {
  const parsed = verificationValidateSchema.safeParse({ otp, identityId });
  if (!parsed.success)
    return { ok: false, error: parsed.error.issues[0]?.message ?? messages.invalidOtp };
  return { ok: true, value: parsed.data.otp };
}
