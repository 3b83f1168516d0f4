import { z } from 'zod/mini';
import { BENEFICIARY_KINDS } from '../schemas/beneficiaries';
import { dataReply, listReply } from './common';

const meterType = () => z.nullable(z.enum(['prepaid', 'postpaid']));

/** A saved beneficiary as the owner sees it (BeneficiaryDto). */
export const beneficiaryDtoSchema = z.object({
  _id: z.string(),
  kind: z.enum(BENEFICIARY_KINDS),
  label: z.string(),
  /** Phone (0XXXXXXXXXX), meter, smart card, betting User ID or recipient e-mail. */
  number: z.string(),
  /** Network (phone), disco serviceID (meter), cable name (smart card), billerId (betting). */
  provider: z.nullable(z.string()),
  /** The provider as the customer reads it ("Ikeja Electric", "Bet9ja"). */
  providerName: z.nullable(z.string()),
  meterType: meterType(),
  /** The name the supplier (or our user table) gave for this number on the customer's orders. */
  verifiedName: z.nullable(z.string()),
  createdAt: z.string(),
});

/** A number from the customer's own past orders, not saved (RecentBeneficiaryDto). */
export const recentBeneficiaryDtoSchema = z.object({
  kind: z.enum(BENEFICIARY_KINDS),
  number: z.string(),
  provider: z.nullable(z.string()),
  providerName: z.nullable(z.string()),
  meterType: meterType(),
  verifiedName: z.nullable(z.string()),
  lastUsedAt: z.string(),
});

/** GET beneficiaries: the saved ones and the recent numbers not saved. */
export const beneficiariesReplySchema = z.extend(listReply(beneficiaryDtoSchema), {
  recent: z.array(recentBeneficiaryDtoSchema),
});

/** POST (201) and PATCH beneficiaries: the one saved or renamed. */
export const beneficiaryReplySchema = dataReply(beneficiaryDtoSchema);
