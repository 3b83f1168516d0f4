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
import { isFamiliarAddress } from './familiar-address';
import { otpRepository, type OtpPurpose } from './otp-repository';
import { claim, limitError, release, type Claim, type LimitRule } from '../throttle/limiter';

/**
 * Code checks allowed per e-mail and purpose in an hour, across codes and unfamiliar addresses
 * (decision 0014): a code burns after 5 wrong tries, but 5 new codes an hour would otherwise give
 * 25 guesses an hour at one e-mail for ever. Not applied at the owner's familiar addresses
 * (decision 0050): strangers filling it do not lock the owner out there.
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
export function createOtpService({ database, clock, config, mailer, logger }: AppDeps) {
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

  function verifyRules(
    email: string,
    purpose: OtpPurpose,
    ip: string | undefined,
    familiar: boolean,
  ): LimitRule[] {
    const rules: LimitRule[] = familiar
      ? []
      : [
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

  const service = {
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
      if (deliver) {
        // Mailed before it is stored: when the mail server fails, the earlier code stays valid
        // and the request is given back, so the person simply asks again (no code used up).
        try {
          await mailer.send({
            to: email,
            subject: `${config.appName}: ${subjects[purpose]}`,
            // Short lines keep the body 7-bit plain text, readable by any mail client and test catcher.
            text: `Your ${config.appName} code is ${code}.\nIt expires in 10 minutes.\nNever share it with anyone.`,
          });
        } catch (error) {
          logger.warn({ err: error, purpose }, 'code mail not sent');
          await release(db, granted);
          throw new AppError('MAIL_UNAVAILABLE', { retryAfterS: 60, cause: error });
        }
      }
      await otpRepository.replace(db, {
        email,
        purpose,
        codeHash: digest(email, purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      });
    },

    /**
     * Succeeds once per code; any failure throws OTP_INVALID or OTP_TOO_MANY_ATTEMPTS, and past
     * the limits (per e-mail, per caller address and e-mail, per caller address) the limit error
     * OTP_VERIFY_THROTTLED. Both the limits and the code's own tries are claimed BEFORE the code is
     * compared: a request that loses a claim is answered without comparing, so a burst cannot
     * have more codes checked than the limits allow, and a right guess is refused too.
     *
     * `beforeUse` runs once the code is known right, before it is used up: when it throws (a
     * reset's new password refused, decision 0059), the code stays open with its try given back,
     * so the owner fixes what was refused without asking for a new code.
     */
    async verify(
      email: string,
      purpose: OtpPurpose,
      code: string,
      { ip, beforeUse }: { ip?: string; beforeUse?: () => Promise<void> } = {},
    ): Promise<void> {
      const db = database.db;
      const { open, granted, now } = await compare(email, purpose, code, ip);
      if (beforeUse) {
        try {
          await beforeUse();
        } catch (error) {
          await giveBack(open.id, granted);
          throw error;
        }
      }
      if (!(await otpRepository.consume(db, open.id, now))) throw new AppError('OTP_INVALID');
      // The owner's right code is not a guess: it leaves the guessers' counts as they were.
      await release(db, granted);
    },

    /**
     * Whether the code is right, without using it up (decision 0059): the code screen says so at
     * once, and the code is used by the step that follows. Counted exactly like verify (the same
     * limits and the code's own 5 tries, claimed before comparing); a right code gives its try and
     * its claims back, so checking first costs the owner nothing.
     */
    async check(
      email: string,
      purpose: OtpPurpose,
      code: string,
      { ip }: { ip?: string } = {},
    ): Promise<void> {
      const { open, granted } = await compare(email, purpose, code, ip);
      await giveBack(open.id, granted);
    },
  };
  return service;

  /** The claims and the comparison verify and check share; throws on every wrong answer. */
  async function compare(email: string, purpose: OtpPurpose, code: string, ip?: string) {
    const now = clock.now();
    const db = database.db;
    const familiar = ip !== undefined && (await isFamiliarAddress(db, email, ip, now));
    const granted = await claim(db, verifyRules(email, purpose, ip, familiar), now);
    if (!granted.ok) throw limitError(granted, 'OTP_VERIFY_THROTTLED');
    const open = await otpRepository.claimAttempt(db, email, purpose, OTP_MAX_ATTEMPTS, now);
    if (!open) throw new AppError('OTP_INVALID');
    if (!digestsEqual(open.codeHash, digest(email, purpose, code))) {
      if (open.attempts < OTP_MAX_ATTEMPTS) throw new AppError('OTP_INVALID');
      await otpRepository.burn(db, open.id, now);
      throw new AppError('OTP_TOO_MANY_ATTEMPTS');
    }
    return { open, granted, now };
  }

  /** A right code's try and limit claims, returned: only wrong answers count. */
  async function giveBack(codeId: string, granted: Claim) {
    await otpRepository.returnAttempt(database.db, codeId);
    await release(database.db, granted);
  }
}

export type OtpService = ReturnType<typeof createOtpService>;
