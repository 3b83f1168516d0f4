import type { KycReviewDto, KycReviewListReply } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { auditRepository, type Actor } from '../audit/repository';
import { fill, isUuid } from './dto';
import { kycRepository, kycReviewRepository } from './repository';

type ReviewRow = NonNullable<Awaited<ReturnType<typeof kycReviewRepository.find>>>;

function toDto({ identity, user }: ReviewRow): KycReviewDto {
  return {
    _id: identity.id,
    type: identity.type,
    numberHint: identity.numberHint,
    mismatch: identity.mismatch === 'birthDate' ? 'birthDate' : 'name',
    holderName: identity.holderName,
    holderBirthDate: identity.holderBirthDate,
    profileName: identity.profileName,
    profileBirthDate: identity.profileBirthDate,
    reviewStatus: identity.reviewStatus || 'pending',
    createdAt: identity.createdAt.toISOString(),
    user: {
      _id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      isKYCVerified: user.isKycVerified,
    },
  };
}

/**
 * The review queue of NIN/BVN verifications refused because the holder did not match the profile
 * (decision 0055). Staff read it; an admin approves (the customer is verified as a matching
 * check would have made them: the number is claimed for them and their limits rise) or rejects.
 * Both are audit-logged in the transaction that settles the review.
 */
export function createKycReviewService({ database, clock }: AppDeps) {
  const db = database.db;

  async function pendingOrThrow(id: string): Promise<ReviewRow> {
    const row = isUuid(id) ? await kycReviewRepository.find(db, id) : undefined;
    if (!row || row.identity.reviewStatus !== 'pending') throw new AppError('KYC_REVIEW_NOT_FOUND');
    return row;
  }

  return {
    async list(): Promise<KycReviewListReply> {
      const rows = await kycReviewRepository.pending(db);
      return { success: true, data: rows.map(toDto) };
    },

    async approve(admin: Actor & { id: string }, id: string, reason: string) {
      const row = await pendingOrThrow(id);
      const { identity, user } = row;
      // Verified meanwhile (a corrected retry): their accounts hold another number; reject this.
      if (user.isKycVerified) throw new AppError('ALREADY_KYC_VERIFIED');
      const now = clock.now();
      await db.transaction(async (tx) => {
        const holder = {
          type: identity.type,
          numberDigest: identity.numberDigest,
          userId: user.id,
        };
        // One number, one verified wallet: the same rule as a matching check (decision 0016).
        const heldBy = await kycRepository.claimIdentity(tx, holder);
        if (heldBy !== user.id) {
          throw new AppError('IDENTITY_IN_USE', {
            message: fill(messages.identityInUse, { type: identity.type }),
          });
        }
        const settled = await kycReviewRepository.settle(tx, identity.id, {
          reviewStatus: 'approved',
          status: 'completed',
          reviewedBy: admin.id,
          reviewedAt: now,
          reviewNote: reason,
        });
        if (!settled) throw new AppError('KYC_REVIEW_NOT_FOUND');
        await kycRepository.markKycVerified(tx, user.id);
        await kycRepository.releaseOtherIdentities(tx, holder);
        await auditRepository.record(
          tx,
          admin,
          {
            action: 'kyc.review.approve',
            entity: 'user',
            entityId: user.id,
            before: { isKycVerified: user.isKycVerified, reviewStatus: 'pending' },
            after: {
              isKycVerified: true,
              reviewStatus: 'approved',
              ...reviewedIdentity(identity),
            },
            reason,
          },
          now,
        );
      });
      const after = await kycReviewRepository.find(db, identity.id);
      return { success: true as const, message: messages.kycReviewApproved, data: toDto(after!) };
    },

    async reject(admin: Actor & { id: string }, id: string, reason: string) {
      const { identity, user } = await pendingOrThrow(id);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const settled = await kycReviewRepository.settle(tx, identity.id, {
          reviewStatus: 'rejected',
          status: 'mismatch',
          reviewedBy: admin.id,
          reviewedAt: now,
          reviewNote: reason,
        });
        if (!settled) throw new AppError('KYC_REVIEW_NOT_FOUND');
        await auditRepository.record(
          tx,
          admin,
          {
            action: 'kyc.review.reject',
            entity: 'user',
            entityId: user.id,
            before: { reviewStatus: 'pending' },
            after: {
              reviewStatus: 'rejected',
              ...reviewedIdentity(identity),
            },
            reason,
          },
          now,
        );
      });
      const after = await kycReviewRepository.find(db, identity.id);
      return { success: true as const, message: messages.kycReviewRejected, data: toDto(after!) };
    },
  };
}

/** What an audit entry of a review names: the masked number and the two names compared. */
function reviewedIdentity(identity: {
  type: string;
  numberHint: string;
  holderName: string;
  profileName: string;
}) {
  return {
    identity: `${identity.type} ••••${identity.numberHint}`,
    holderName: identity.holderName,
    profileName: identity.profileName,
  };
}

export type KycReviewService = ReturnType<typeof createKycReviewService>;
