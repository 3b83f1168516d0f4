/**
 * Saved beneficiaries and recent numbers: the texts the screens and the API share, and the reply
 * shapes of GET/POST/PATCH/DELETE beneficiaries (not in the spec, which has no such screen).
 */
import type { BeneficiaryKind } from './schemas/beneficiaries';

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
export interface BeneficiaryDto {
  _id: string;
  kind: BeneficiaryKind;
  label: string;
  /** Phone (0XXXXXXXXXX), meter, smart card, betting User ID or recipient e-mail. */
  number: string;
  /** Network (phone), disco serviceID (meter), cable name (smart card), billerId (betting). */
  provider: string | null;
  /** The provider as the customer reads it ("Ikeja Electric", "Bet9ja"). */
  providerName: string | null;
  meterType: 'prepaid' | 'postpaid' | null;
  /** The name the supplier (or our user table) gave for this number on the customer's orders. */
  verifiedName: string | null;
  createdAt: string;
}

/** A number from the customer's own past orders, not saved. */
export interface RecentBeneficiaryDto {
  kind: BeneficiaryKind;
  number: string;
  provider: string | null;
  providerName: string | null;
  meterType: 'prepaid' | 'postpaid' | null;
  verifiedName: string | null;
  lastUsedAt: string;
}

export interface BeneficiariesReply {
  success: true;
  message: string;
  data: BeneficiaryDto[];
  recent: RecentBeneficiaryDto[];
}

export interface BeneficiaryReply {
  success: true;
  message: string;
  data: BeneficiaryDto;
}
