import { PIN_LOCK_MS, PIN_MAX_FAILURES } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { digestsEqual, keyedDigest, verifySecret } from '../../lib/hashing';
import type { OtpService } from '../auth/otp-service';
import { usersRepository } from '../users/repository';
import { pinRepository } from './repository';

/**
 * The transaction PIN: 4 digits, stored as argon2id, 5 wrong in a row lock PIN use for 30
 * minutes, a correct PIN resets the count. checkPin is the one gate every money-moving call uses.
 */
const PIN_DIGEST_PREFIX = 'hmac-sha256$';

export function createPinService({ database, clock, config }: AppDeps, otp: OtpService) {
  const db = () => database.db;

  /**
   * One check at a time per user (in this process). A check takes a try before it verifies, so
   * that parallel guesses cannot exceed the limit; without the queue, six purchases sent at once
   * with the right PIN would use up the tries and lock it. Across API processes such bursts can
   * still lock (docs/decisions/0004).
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

  async function checkPinNow(userId: string, pin: string): Promise<void> {
    const now = clock.now();
    const reserved = await pinRepository.reserveAttempt(
      db(),
      userId,
      now,
      PIN_MAX_FAILURES,
      new Date(now.getTime() + PIN_LOCK_MS),
    );
    if (!reserved) {
      const state = await pinRepository.read(db(), userId);
      throw new AppError(state?.pinHash ? 'PIN_LOCKED' : 'PIN_NOT_SET');
    }
    if (await pinMatches(reserved.pinHash, userId, pin)) {
      if (reserved.pinHash.startsWith(PIN_DIGEST_PREFIX)) {
        await pinRepository.resetAttempts(db(), userId);
      } else {
        await pinRepository.setPin(db(), userId, pinDigest(userId, pin));
      }
      return;
    }
    throw new AppError(reserved.attempts >= PIN_MAX_FAILURES ? 'PIN_LOCKED' : 'PIN_INCORRECT');
  }

  return {
    checkPin,

    async validate(userId: string, pin: string) {
      await checkPin(userId, pin);
      return { success: true as const, message: messages.pinValid };
    },

    /** First PIN: the session is enough. A change: the current PIN or an e-mail code. */
    async setPin(
      userId: string,
      input: { transactionPin: string; currentPin?: string; otp?: string },
    ) {
      const state = await pinRepository.read(db(), userId);
      if (!state) throw new AppError('UNAUTHORIZED');
      if (state.pinHash) {
        if (input.currentPin) {
          await checkPin(userId, input.currentPin);
        } else if (input.otp) {
          const user = await usersRepository.findById(db(), userId);
          if (!user) throw new AppError('UNAUTHORIZED');
          await otp.verify(user.email, 'pin', input.otp);
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

    async requestPinOtp(userId: string) {
      const user = await usersRepository.findById(db(), userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      await otp.issue(user.email, 'pin');
      return { success: true as const, message: messages.otpSent };
    },
  };
}

export type PinService = ReturnType<typeof createPinService>;
