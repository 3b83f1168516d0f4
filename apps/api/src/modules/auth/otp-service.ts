import { randomInt } from 'node:crypto';
import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_PER_HOUR,
  OTP_MAX_PER_MINUTE,
  OTP_TTL_MS,
} from '@owo/shared/constants';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { digestsEqual, keyedDigest } from '../../lib/hashing';
import { otpRepository, type OtpPurpose } from './otp-repository';

const subjects: Record<OtpPurpose, string> = {
  auth: 'Your sign-in code',
  reset: 'Your password reset code',
  pin: 'Your transaction PIN code',
};

/**
 * One-time codes: 4 digits from a CSPRNG, stored as an HMAC, valid 10 minutes, single use, burned
 * after 5 wrong tries, at most 1 a minute and 5 an hour per e-mail and purpose.
 */
export function createOtpService({ database, clock, config, mailer }: AppDeps) {
  const digest = (email: string, purpose: OtpPurpose, code: string) =>
    keyedDigest(config.sessionSecret, `${purpose}:${email}:${code}`);

  return {
    /**
     * `deliver: false` records a code nobody receives: a reset for an unknown e-mail then meets
     * the same rate limits as a real one, so a 429 does not reveal which e-mails have accounts.
     */
    async issue(email: string, purpose: OtpPurpose, { deliver = true } = {}): Promise<void> {
      const now = clock.now();
      const db = database.db;
      const counts = await otpRepository.countsSince(
        db,
        email,
        purpose,
        new Date(now.getTime() - 60_000),
        new Date(now.getTime() - 3_600_000),
      );
      if (counts.recent >= OTP_MAX_PER_MINUTE) throw new AppError('OTP_RATE_MINUTE');
      if (counts.older >= OTP_MAX_PER_HOUR) throw new AppError('OTP_RATE_HOUR');

      const code = randomInt(0, 10_000).toString().padStart(4, '0');
      await otpRepository.replace(db, {
        email,
        purpose,
        codeHash: digest(email, purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      });
      if (!deliver) return;
      await mailer.send({
        to: email,
        subject: `${config.appName}: ${subjects[purpose]}`,
        // Short lines keep the body 7-bit plain text, readable by any mail client and test catcher.
        text: `Your ${config.appName} code is ${code}.\nIt expires in 10 minutes.\nNever share it with anyone.`,
      });
    },

    /** Succeeds once per code; any failure throws OTP_INVALID or OTP_TOO_MANY_ATTEMPTS. */
    async verify(email: string, purpose: OtpPurpose, code: string): Promise<void> {
      const now = clock.now();
      const db = database.db;
      const open = await otpRepository.latestOpen(db, email, purpose);
      if (!open || open.expiresAt <= now) throw new AppError('OTP_INVALID');
      if (!digestsEqual(open.codeHash, digest(email, purpose, code))) {
        const attempts = await otpRepository.recordFailure(db, open.id, OTP_MAX_ATTEMPTS, now);
        throw new AppError(attempts >= OTP_MAX_ATTEMPTS ? 'OTP_TOO_MANY_ATTEMPTS' : 'OTP_INVALID');
      }
      if (!(await otpRepository.consume(db, open.id, now))) throw new AppError('OTP_INVALID');
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
