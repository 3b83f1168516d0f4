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
import { claim, limitError, release, type LimitRule } from '../throttle/limiter';

/**
 * Code checks allowed per e-mail and purpose in an hour, across codes and addresses (decision
 * 0014): a code burns after 5 wrong tries, but 5 new codes an hour would otherwise give 25 guesses
 * an hour at one e-mail for ever.
 */
const OTP_MAX_FAILURES_PER_EMAIL = 10;
const OTP_FAILURE_EMAIL_WINDOW_MS = 60 * 60 * 1000;
/**
 * Code checks one address may make at one e-mail in that hour: the guesser's own budget, below the
 * e-mail's, so one guessing address cannot lock the owner out (decision 0016).
 */
const OTP_MAX_FAILURES_PER_ADDRESS_AND_EMAIL = OTP_MAX_ATTEMPTS;
/** Code checks from one address across e-mails (like login's per-address limit). */
const OTP_MAX_FAILURES_PER_ADDRESS = 20;
const OTP_FAILURE_ADDRESS_WINDOW_MS = 15 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

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

  /**
   * Every count is claimed before the work it limits (throttle/limiter.ts): the count check and
   * its record are one atomic step, so a burst cannot all read "under the limit" together.
   */
  function issueRules(email: string, purpose: OtpPurpose, ip: string | undefined): LimitRule[] {
    const key = `otp-issue:${purpose}:${email}`;
    const rules: LimitRule[] = [
      { key, max: OTP_MAX_PER_MINUTE, windowMs: MINUTE_MS },
      { key, max: OTP_MAX_PER_HOUR, windowMs: HOUR_MS },
    ];
    if (ip !== undefined) {
      rules.push({
        key: `otp-issue:ip:${ip}`,
        max: config.otpRequestsPerClientPerHour,
        windowMs: HOUR_MS,
      });
    }
    return rules;
  }

  function verifyRules(email: string, purpose: OtpPurpose, ip: string | undefined): LimitRule[] {
    const rules: LimitRule[] = [
      {
        key: `otp-fail:${purpose}:${email}`,
        max: OTP_MAX_FAILURES_PER_EMAIL,
        windowMs: OTP_FAILURE_EMAIL_WINDOW_MS,
      },
    ];
    if (ip !== undefined) {
      rules.push(
        {
          key: `otp-fail:${purpose}:${ip}:${email}`,
          max: OTP_MAX_FAILURES_PER_ADDRESS_AND_EMAIL,
          windowMs: OTP_FAILURE_EMAIL_WINDOW_MS,
        },
        {
          key: `otp-fail:ip:${ip}`,
          max: OTP_MAX_FAILURES_PER_ADDRESS,
          windowMs: OTP_FAILURE_ADDRESS_WINDOW_MS,
        },
      );
    }
    return rules;
  }

  return {
    /**
     * `deliver: false` records a code nobody receives: a reset for an unknown e-mail then meets
     * the same rate limits as a real one, so a 429 does not reveal which e-mails have accounts.
     */
    async issue(
      email: string,
      purpose: OtpPurpose,
      { deliver = true, ip }: { deliver?: boolean; ip?: string } = {},
    ): Promise<void> {
      const now = clock.now();
      const db = database.db;
      const granted = await claim(db, issueRules(email, purpose, ip), now);
      if (!granted.ok) {
        throw limitError(
          granted,
          granted.rule.windowMs === MINUTE_MS ? 'OTP_RATE_MINUTE' : 'OTP_RATE_HOUR',
        );
      }

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
     * the limits (per e-mail, per caller address and e-mail, per caller address) the limit error
     * OTP_VERIFY_THROTTLED. Both the limits and the code's own tries are claimed BEFORE the code is
     * compared: a request that loses a claim is answered without comparing, so a burst cannot
     * have more codes checked than the limits allow, and a right guess is refused too.
     */
    async verify(
      email: string,
      purpose: OtpPurpose,
      code: string,
      { ip }: { ip?: string } = {},
    ): Promise<void> {
      const now = clock.now();
      const db = database.db;
      const granted = await claim(db, verifyRules(email, purpose, ip), now);
      if (!granted.ok) throw limitError(granted, 'OTP_VERIFY_THROTTLED');
      const open = await otpRepository.claimAttempt(db, email, purpose, OTP_MAX_ATTEMPTS, now);
      if (!open) throw new AppError('OTP_INVALID');
      if (!digestsEqual(open.codeHash, digest(email, purpose, code))) {
        if (open.attempts < OTP_MAX_ATTEMPTS) throw new AppError('OTP_INVALID');
        await otpRepository.burn(db, open.id, now);
        throw new AppError('OTP_TOO_MANY_ATTEMPTS');
      }
      if (!(await otpRepository.consume(db, open.id, now))) throw new AppError('OTP_INVALID');
      // The owner's right code is not a guess: it leaves the guessers' counts as they were.
      await release(db, granted);
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
