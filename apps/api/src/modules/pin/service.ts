import { PIN_LOCK_MS, PIN_MAX_FAILURES } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { digestsEqual, keyedDigest, verifySecret } from '../../lib/hashing';
import type { OtpService } from '../auth/otp-service';
import { usersRepository } from '../users/repository';
import { pinRepository } from './repository';
import { pinIncorrectError, pinLockedError } from './refusals';

/**
 * The transaction PIN: 4 digits, stored as argon2id, 5 wrong in a row lock PIN use for 30
 * minutes, a correct PIN resets the count. checkPin is the one gate every money-moving call uses.
 */
const PIN_DIGEST_PREFIX = 'hmac-sha256$';

export function createPinService({ database, clock, config }: AppDeps, otp: OtpService) {
  const db = () => database.db;

  /**
   * One check at a time per user in this process. Correctness does not rest on it (each check
   * holds the user's row lock, see checkPinNow); it keeps a burst for one user waiting here rather
   * than holding pool connections while they wait on that lock.
   */
  const turns = new Map<string, Promise<void>>();
  async function checkPin(userId: string, pin: string): Promise<void> {
    const previous = turns.get(userId) ?? Promise.resolve();
    const mine = previous.then(() => checkPinNow(userId, pin));
    const done = mine.catch(() => {});
    turns.set(userId, done);
    try {
      await mine;
    } finally {
      if (turns.get(userId) === done) turns.delete(userId);
    }
  }

  /**
   * A PIN is stored as HMAC-SHA256 keyed with the server secret (docs/decisions/0004): four digits
   * are 10,000 guesses, which no slow hash protects once the table leaks, while the key does.
   */
  const pinDigest = (userId: string, pin: string) =>
    `${PIN_DIGEST_PREFIX}${keyedDigest(config.sessionSecret, `pin:${userId}:${pin}`)}`;

  async function pinMatches(stored: string, userId: string, pin: string): Promise<boolean> {
    if (stored.startsWith(PIN_DIGEST_PREFIX)) {
      return digestsEqual(
        stored.slice(PIN_DIGEST_PREFIX.length),
        pinDigest(userId, pin).slice(PIN_DIGEST_PREFIX.length),
      );
    }
    // PINs set before the switch are argon2id; they are re-stored as digests when next used.
    return verifySecret(stored, pin);
  }

  /**
   * The check and its count in one transaction holding the user's row lock (SELECT … FOR UPDATE),
   * so concurrent checks for one user run one after another in the database, across every API
   * process: parallel guesses cannot exceed the limit, and only a wrong PIN counts as a failure,
   * so a burst of correct ones never locks (docs/decisions/0066).
   */
  async function checkPinNow(userId: string, pin: string): Promise<void> {
    const refusal = await db().transaction(async (tx): Promise<AppError | undefined> => {
      const state = await pinRepository.lockForCheck(tx, userId);
      if (!state?.pinHash) return new AppError('PIN_NOT_SET');
      const now = clock.now();
      if (state.lockedUntil && state.lockedUntil >= now) return pinLockedError(state.lockedUntil);
      if (await pinMatches(state.pinHash, userId, pin)) {
        if (!state.pinHash.startsWith(PIN_DIGEST_PREFIX)) {
          await pinRepository.setPin(tx, userId, pinDigest(userId, pin));
        } else if (state.attempts !== 0 || state.lockedUntil) {
          await pinRepository.resetAttempts(tx, userId);
        }
        return undefined;
      }
      // A lock that has run out starts the count again.
      const failures = (state.lockedUntil ? 0 : state.attempts) + 1;
      const lockedUntil =
        failures >= PIN_MAX_FAILURES ? new Date(now.getTime() + PIN_LOCK_MS) : null;
      await pinRepository.recordFailure(tx, userId, failures, lockedUntil);
      return lockedUntil
        ? pinLockedError(lockedUntil)
        : pinIncorrectError(PIN_MAX_FAILURES - failures);
    });
    if (refusal) throw refusal;
  }

  return {
    checkPin,
    /** The stored form of a PIN, for checks made inside the database (the purchase's reserve). */
    digestOf: pinDigest,

    async validate(userId: string, pin: string) {
      await checkPin(userId, pin);
      return { success: true as const, message: messages.pinValid };
    },

    /** First PIN: the session is enough. A change: the current PIN or an e-mail code. */
    /** `ip`: the caller's address, for the code check's per-address limits. */
    async setPin(
      userId: string,
      input: { transactionPin: string; currentPin?: string; otp?: string },
      { ip }: { ip?: string } = {},
    ) {
      const state = await pinRepository.read(db(), userId);
      if (!state) throw new AppError('UNAUTHORIZED');
      if (state.pinHash) {
        if (input.currentPin) {
          await checkPin(userId, input.currentPin);
        } else if (input.otp) {
          const user = await usersRepository.findById(db(), userId);
          if (!user) throw new AppError('UNAUTHORIZED');
          await otp.verify(user.email, 'pin', input.otp, { ip });
        } else {
          throw new AppError('PIN_CURRENT_REQUIRED');
        }
      }
      await pinRepository.setPin(db(), userId, pinDigest(userId, input.transactionPin));
      return {
        success: true as const,
        message: messages.pinSet,
        data: { hasSetTransactionPin: true },
      };
    },

    /** "Forgot PIN?": whether the e-mailed code is right, without using it (decision 0058). */
    async checkPinOtp(userId: string, code: string, { ip }: { ip?: string } = {}) {
      const user = await usersRepository.findById(db(), userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      await otp.check(user.email, 'pin', code, { ip });
      return { success: true as const, message: messages.otpChecked };
    },

    async requestPinOtp(userId: string, { ip }: { ip?: string } = {}) {
      const user = await usersRepository.findById(db(), userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      await otp.issue(user.email, 'pin', { ip });
      return { success: true as const, message: messages.otpSent };
    },
  };
}

export type PinService = ReturnType<typeof createPinService>;
