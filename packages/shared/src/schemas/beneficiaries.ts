import { z } from 'zod/mini';
import { DISCOS, CABLE_NAMES } from '../billers';
import { beneficiaryMessages } from '../beneficiaries';
import { messages } from '../messages';
import { NETWORK_NAMES } from '../networks';
import { emailField } from './fields';
import { cardNumberField, meterNumberField, meterTypeField, purchasePhoneField } from './purchases';

/**
 * Saved beneficiaries and recent numbers: what the purchase and transfer screens offer to fill in
 * with one tap. A saved number is checked with the same rule as the form it fills.
 */

export const BENEFICIARY_KINDS = ['phone', 'meter', 'smartcard', 'betting', 'recipient'] as const;
export type BeneficiaryKind = (typeof BENEFICIARY_KINDS)[number];

/** Saved beneficiaries per customer, all kinds together (docs/decisions/0035). */
export const BENEFICIARY_CAP = 50;
/** Recent numbers offered per kind, newest first. */
export const RECENTS_PER_KIND = 5;
export const BENEFICIARY_LABEL_MAX = 40;

export const beneficiaryLabelField = z
  .string({ error: beneficiaryMessages.labelRequired })
  .check(
    z.trim(),
    z.minLength(1, beneficiaryMessages.labelRequired),
    z.maxLength(BENEFICIARY_LABEL_MAX, beneficiaryMessages.labelTooLong),
  );

const networkField = z.string({ error: messages.selectNetworkData }).check(
  z.trim(),
  z.toUpperCase(),
  z.refine((value: string) => (NETWORK_NAMES as readonly string[]).includes(value), {
    message: messages.selectNetworkData,
  }),
);

const discoField = z.string({ error: messages.selectProvider }).check(
  z.trim(),
  z.refine((value: string) => DISCOS.some((d) => d.serviceID === value), messages.selectProvider),
);

const cableField = z.string({ error: messages.selectCablePlan }).check(
  z.trim(),
  z.toUpperCase(),
  z.refine(
    (value: string) => (CABLE_NAMES as readonly string[]).includes(value),
    messages.selectCablePlan,
  ),
);

/** Trimmed text, 1 to 64 characters, one message for every way it is wrong. */
const shortTextField = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(64, message));

const bettingPlatformField = shortTextField(messages.bettingSelectPlatform);

const bettingAccountField = shortTextField(messages.bettingUserIdRequired);

/** POST beneficiaries: one body per kind; `provider` is what the form needs besides the number. */
export const createBeneficiarySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('phone'),
      label: beneficiaryLabelField,
      number: purchasePhoneField,
      provider: z.optional(networkField),
    }),
    z.object({
      kind: z.literal('meter'),
      label: beneficiaryLabelField,
      number: meterNumberField,
      provider: discoField,
      meterType: meterTypeField,
    }),
    z.object({
      kind: z.literal('smartcard'),
      label: beneficiaryLabelField,
      number: cardNumberField,
      provider: cableField,
    }),
    z.object({
      kind: z.literal('betting'),
      label: beneficiaryLabelField,
      number: bettingAccountField,
      provider: bettingPlatformField,
      providerName: z.optional(z.string().check(z.trim(), z.maxLength(80))),
    }),
    z.object({
      kind: z.literal('recipient'),
      label: beneficiaryLabelField,
      number: z.pipe(
        z
          .string({ error: messages.transferBeneficiaryRequired })
          .check(z.trim(), z.minLength(1, messages.transferBeneficiaryRequired)),
        emailField,
      ),
    }),
  ],
  { error: beneficiaryMessages.unknownKind },
);
export type CreateBeneficiaryInput = z.output<typeof createBeneficiarySchema>;

/** PATCH beneficiaries/:id: a new name. */
export const renameBeneficiarySchema = z.object({ label: beneficiaryLabelField });

export const beneficiaryIdParams = z.object({ id: z.string().check(z.maxLength(64)) });

/** GET beneficiaries?kind=: one screen's kind, or every kind when absent. */
export const beneficiaryListQuery = z.object({
  kind: z.optional(z.enum(BENEFICIARY_KINDS, { error: beneficiaryMessages.unknownKind })),
});
