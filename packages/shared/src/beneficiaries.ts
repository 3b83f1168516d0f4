/**
 * Saved beneficiaries and recent numbers: the texts the screens and the API share, and the reply
 * shapes of GET/POST/PATCH/DELETE beneficiaries (not in the spec, which has no such screen), read
 * from their schemas in replies/beneficiaries.ts.
 */
import type { z } from 'zod/mini';
import type {
  beneficiariesReplySchema,
  beneficiaryDtoSchema,
  beneficiaryReplySchema,
  recentBeneficiaryDtoSchema,
} from './replies/beneficiaries';

export const beneficiaryMessages = {
  labelRequired: 'Please give this beneficiary a name.',
  labelTooLong: 'Please use a shorter name (40 characters at most).',
  unknownKind: 'Please choose what to save.',
  full: 'You can save up to 50 beneficiaries. Remove one to add another.',
  exists: 'This is already in your saved beneficiaries.',
  notFound: 'Beneficiary not found.',
  saved: 'Beneficiary saved',
  renamed: 'Beneficiary renamed',
  removed: 'Beneficiary removed',
  listed: 'Beneficiaries retrieved',
} as const;

/** A saved beneficiary as the owner sees it. */
export type BeneficiaryDto = z.output<typeof beneficiaryDtoSchema>;

/** A number from the customer's own past orders, not saved. */
export type RecentBeneficiaryDto = z.output<typeof recentBeneficiaryDtoSchema>;

export type BeneficiariesReply = z.output<typeof beneficiariesReplySchema>;

export type BeneficiaryReply = z.output<typeof beneficiaryReplySchema>;
