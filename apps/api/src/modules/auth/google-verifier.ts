import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';

export interface GoogleIdentity {
  subject: string;
  email: string;
  givenName: string;
  familyName: string;
}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/**
 * Verifies a Google ID token: signature against the JWKS (GOOGLE_JWKS_URL, so tests serve a
 * local key set), issuer, audience (GOOGLE_CLIENT_ID), expiry, and a verified e-mail.
 */
export function createGoogleVerifier({ config, clock }: AppDeps) {
  const jwks = createRemoteJWKSet(new URL(config.googleJwksUrl));
  return async function verifyGoogleIdToken(idToken: string): Promise<GoogleIdentity> {
    if (!config.googleClientId) throw new AppError('GOOGLE_NOT_CONFIGURED');
    try {
      const { payload } = await jwtVerify(idToken, jwks, {
        issuer: GOOGLE_ISSUERS,
        audience: config.googleClientId,
        currentDate: clock.now(),
      });
      const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : '';
      if (!payload.sub || !email || payload.email_verified !== true)
        throw new Error('unverified e-mail');
      return {
        subject: payload.sub,
        email,
        givenName: typeof payload.given_name === 'string' ? payload.given_name : '',
        familyName: typeof payload.family_name === 'string' ? payload.family_name : '',
      };
    } catch (error) {
      throw new AppError('GOOGLE_TOKEN_INVALID', { cause: error });
    }
  };
}
