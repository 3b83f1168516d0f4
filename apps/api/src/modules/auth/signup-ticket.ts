import { SignJWT, jwtVerify } from 'jose';
import { SIGNUP_TICKET_TTL_S } from '@owo/shared/constants';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';

const AUDIENCE = 'owo:complete-signup';

/**
 * Proof that the bearer verified the code sent to an e-mail, so only they can complete the
 * account for it. Signed with the server secret; short-lived.
 */
export function createSignupTickets({ config, clock }: AppDeps) {
  const key = new TextEncoder().encode(config.sessionSecret);
  return {
    async issue(email: string): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ email })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + SIGNUP_TICKET_TTL_S)
        .sign(key);
    },
    async verify(ticket: string, email: string): Promise<void> {
      try {
        const { payload } = await jwtVerify(ticket, key, {
          audience: AUDIENCE,
          currentDate: clock.now(),
        });
        if (payload.email !== email) throw new Error('ticket for another e-mail');
      } catch (error) {
        throw new AppError('SIGNUP_TICKET_INVALID', { cause: error });
      }
    },
  };
}
