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
import { throttleRepository } from '../throttle/repository';

/**
 * Wrong codes allowed across codes (decision 0014): a code burns after 5 wrong tries, but 5 new
 * codes an hour would otherwise give 25 guesses an hour at one e-mail for ever. Counted in
 * rate_events, so every API process sees the same count.
 */
const OTP_MAX_FAILURES_PER_EMAIL = 10;
const OTP_FAILURE_EMAIL_WINDOW_MS = 60 * 60 * 1000;
/** Wrong codes from one address across e-mails (like login's per-address limit). */
const OTP_MAX_FAILURES_PER_ADDRESS = 20;
const OTP_FAILURE_ADDRESS_WINDOW_MS = 15 * 60 * 1000;

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

    /**
     * Succeeds once per code; any failure throws OTP_INVALID or OTP_TOO_MANY_ATTEMPTS, and past
     * the wrong-code limits (per e-mail, and per caller address when given) OTP_VERIFY_THROTTLED,
     * checked before the code so that a right guess is refused too while the limit holds.
     */
    async verify(
      email: string,
      purpose: OtpPurpose,
      code: string,
      { ip }: { ip?: string } = {},
    ): Promise<void> {
      const now = clock.now();
      const db = database.db;
      const emailKey = `otp-fail:${purpose}:${email}`;
      const addressKey = ip === undefined ? undefined : `otp-fail:ip:${ip}`;
      const [byEmail, byAddress] = await Promise.all([
        throttleRepository.countSince(
          db,
          emailKey,
          new Date(now.getTime() - OTP_FAILURE_EMAIL_WINDOW_MS),
        ),
        addressKey === undefined
          ? 0
          : throttleRepository.countSince(
              db,
              addressKey,
              new Date(now.getTime() - OTP_FAILURE_ADDRESS_WINDOW_MS),
            ),
      ]);
      if (byEmail >= OTP_MAX_FAILURES_PER_EMAIL || byAddress >= OTP_MAX_FAILURES_PER_ADDRESS) {
        throw new AppError('OTP_VERIFY_THROTTLED');
      }
      const open = await otpRepository.latestOpen(db, email, purpose);
      if (!open || open.expiresAt <= now) throw new AppError('OTP_INVALID');
      if (!digestsEqual(open.codeHash, digest(email, purpose, code))) {
        await throttleRepository.record(db, emailKey, now);
        if (addressKey !== undefined) await throttleRepository.record(db, addressKey, now);
        const attempts = await otpRepository.recordFailure(db, open.id, OTP_MAX_ATTEMPTS, now);
        throw new AppError(attempts >= OTP_MAX_ATTEMPTS ? 'OTP_TOO_MANY_ATTEMPTS' : 'OTP_INVALID');
      }
      if (!(await otpRepository.consume(db, open.id, now))) throw new AppError('OTP_INVALID');
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
