import type { IdentityKind } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import type {
  VerificationEnquiryReply,
  VerificationInitiateReply,
  VerificationValidateReply,
} from '@owo/shared/api-types';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { keyedDigest } from '../../lib/hashing';
import { claimOrThrow } from '../throttle/limiter';
import { usersRepository } from '../users/repository';
import { fill, isUuid } from './dto';
import { fullName, matchHolder } from './name-match';
import { kycRepository, type IdentityRow } from './repository';

/** Safe Haven's OTPs live 10 minutes; ours expires with them. */
export const IDENTITY_OTP_TTL_MS = 10 * 60 * 1000;
/** Wrong codes allowed per verification before it is failed. */
export const IDENTITY_MAX_ATTEMPTS = 5;
/** Each initiate is a paid lookup at Safe Haven and texts the customer: a few per hour. */
export const IDENTITY_INITIATES_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The keyed digest a NIN/BVN is stored as (never the number itself). It is keyed with the server
 * secret and not with the user, so the same number verified by two users can be recognised;
 * changing SESSION_SECRET makes old digests unmatchable (the customer verifies again).
 */
export function identityDigest(secret: string, type: IdentityKind, number: string): string {
  return keyedDigest(secret, `identity:${type}:${number}`);
}

function view(row: IdentityRow) {
  return { identityId: row.id, type: row.type, numberHint: row.numberHint };
}

/**
 * NIN/BVN verification with Safe Haven (spec §7 "Verification and accounts"): initiate sends an
 * OTP to the phone on record, validate checks it (at most 5 tries), enquiry tells the caller where
 * their own verification of a number stands. Provider calls never run inside a transaction.
 */
export function createVerificationService({ database, clock, config, providers, logger }: AppDeps) {
  const db = database.db;

  async function initiate(
    userId: string,
    input: { type: IdentityKind; number: string },
  ): Promise<VerificationInitiateReply> {
    const user = await usersRepository.findById(db, userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    if (user.isKycVerified) throw new AppError('ALREADY_KYC_VERIFIED');

    // Claimed atomically before Safe Haven is asked: a burst of initiates gets exactly the budget
    // through (each one is paid for and texts the number's owner).
    await claimOrThrow(
      db,
      [{ key: `kyc:initiate:${userId}`, max: IDENTITY_INITIATES_PER_HOUR, windowMs: HOUR_MS }],
      clock.now(),
      'VERIFICATION_THROTTLED',
    );

    const result = await providers.safehaven.initiateVerification({
      ...input,
      applicant: { firstName: user.firstName, lastName: user.lastName, birthDate: user.birthDate },
    });
    if (!result.ok) {
      if (result.reason === 'rejected') {
        throw new AppError('IDENTITY_NOT_FOUND', {
          message: fill(messages.identityNotFound, { type: input.type }),
        });
      }
      logger.warn({ description: result.description }, 'safehaven identity initiate unavailable');
      throw new AppError('KYC_UNAVAILABLE');
    }

    const now = clock.now();
    const row = await kycRepository.insertIdentity(db, {
      userId,
      type: input.type,
      numberDigest: identityDigest(config.sessionSecret, input.type, input.number),
      numberHint: input.number.slice(-3),
      providerIdentityId: result.value.identityId,
      status: 'initiated',
      attempts: 0,
      expiresAt: new Date(now.getTime() + IDENTITY_OTP_TTL_MS),
      createdAt: now,
      updatedAt: now,
    });
    return {
      success: true,
      message: fill(messages.verificationOtpSent, { type: input.type }),
      data: view(row),
    };
  }

  async function validate(
    userId: string,
    input: { otp: string; identityId: string },
  ): Promise<VerificationValidateReply> {
    const row = isUuid(input.identityId)
      ? await kycRepository.findIdentity(db, userId, input.identityId)
      : undefined;
    if (!row) throw new AppError('VERIFICATION_NOT_FOUND');
    const validated = (): VerificationValidateReply => ({
      success: true,
      message: messages.verificationValidated,
      data: { ...view(row), status: 'validated' },
    });
    if (row.status === 'validated' || row.status === 'completed') return validated();
    if (row.status === 'mismatch') {
      throw new AppError('IDENTITY_HOLDER_MISMATCH', {
        message: fill(
          row.mismatch === 'birthDate'
            ? messages.identityBirthDateMismatch
            : messages.identityNameMismatch,
          { type: row.type },
        ),
      });
    }
    if (row.status === 'failed') {
      throw new AppError(
        row.attempts >= IDENTITY_MAX_ATTEMPTS
          ? 'VERIFICATION_TOO_MANY_ATTEMPTS'
          : 'VERIFICATION_EXPIRED',
      );
    }
    if (clock.now() >= row.expiresAt) {
      await kycRepository.moveIdentity(db, row.id, ['initiated'], { status: 'failed' });
      throw new AppError('VERIFICATION_EXPIRED');
    }

    const attempt = await kycRepository.claimAttempt(db, row.id, IDENTITY_MAX_ATTEMPTS);
    if (attempt === undefined) {
      // No attempt left, or a concurrent request settled it meanwhile.
      const now = await kycRepository.findIdentity(db, userId, row.id);
      if (now?.status === 'validated' || now?.status === 'completed') return validated();
      await kycRepository.moveIdentity(db, row.id, ['initiated'], { status: 'failed' });
      throw new AppError('VERIFICATION_TOO_MANY_ATTEMPTS');
    }

    const result = await providers.safehaven.validateVerification({
      identityId: row.providerIdentityId,
      type: row.type,
      otp: input.otp,
    });
    if (result.ok) {
      // The code proves the caller reached the phone on record; the holder must also be the
      // person on the profile (decision 0055). A mismatch claims nothing: the number stays free
      // for its holder's own account or a corrected retry, and an admin reviews it.
      const user = await usersRepository.findById(db, userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      const holder = result.value;
      const match = matchHolder(user, holder);
      const compared = {
        holderName: fullName(holder),
        holderBirthDate: holder.dateOfBirth,
        profileName: `${user.firstName} ${user.lastName}`.trim(),
        profileBirthDate: user.birthDate,
        validatedAt: clock.now(),
      };
      if (!match.ok) {
        await kycRepository.moveIdentity(db, row.id, ['initiated'], {
          ...compared,
          status: 'mismatch',
          mismatch: match.reason,
          reviewStatus: 'pending',
        });
        throw new AppError('IDENTITY_HOLDER_MISMATCH', {
          message: fill(
            match.reason === 'name'
              ? messages.identityNameMismatch
              : messages.identityBirthDateMismatch,
            { type: row.type },
          ),
        });
      }
      await kycRepository.moveIdentity(db, row.id, ['initiated'], {
        ...compared,
        status: 'validated',
      });
      return validated();
    }
    if (result.reason === 'unavailable') {
      await kycRepository.returnAttempt(db, row.id);
      logger.warn({ description: result.description }, 'safehaven identity validate unavailable');
      throw new AppError('KYC_UNAVAILABLE');
    }
    if (attempt >= IDENTITY_MAX_ATTEMPTS) {
      await kycRepository.moveIdentity(db, row.id, ['initiated'], { status: 'failed' });
      throw new AppError('VERIFICATION_TOO_MANY_ATTEMPTS');
    }
    const left = IDENTITY_MAX_ATTEMPTS - attempt;
    throw new AppError('VERIFICATION_OTP_WRONG', {
      message: fill(messages.verificationOtpWrong, {
        left: left === 1 ? '1 attempt' : `${left} attempts`,
      }),
    });
  }

  /**
   * Where the caller's own verification of this number stands (none, initiated, validated, failed,
   * completed), so the screen can resume: a validated number goes straight to the account step.
   * Other users' verifications are never looked at, so it reveals nothing about them.
   */
  async function enquiry(
    userId: string,
    input: { type: IdentityKind; number: string },
  ): Promise<VerificationEnquiryReply> {
    const digest = identityDigest(config.sessionSecret, input.type, input.number);
    const row = await kycRepository.latestForNumber(db, userId, input.type, digest);
    if (!row) return { success: true, message: messages.verificationEnquiryNone, data: null };
    const expired = row.status === 'initiated' && clock.now() >= row.expiresAt;
    return {
      success: true,
      message: messages.verificationEnquiryFound,
      data: { ...view(row), status: expired ? 'failed' : row.status },
    };
  }

  return { initiate, validate, enquiry };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
