import { z } from 'zod/mini';
import { dataReply, listReply } from './common';

const naira = () => z.number().check(z.describe('Naira, up to 2 decimals (kobo inside).'));

/** POST deposit/bank-transfer: a PalmPay checkout account for one payment. */
export const checkoutDepositReplySchema = dataReply(
  z.object({
    _id: z.string(),
    merchantName: z.string(),
    payerVirtualAccNo: z.string(),
    payerBankName: z.string(),
    payerAccountName: z.string(),
    sdkSessionId: z.string(),
    amount: naira(),
    expiresAt: z.string(),
  }),
);

/** A bank account held for the user (AccountDto). */
export const accountDtoSchema = z.object({
  _id: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  accountType: z.string(),
  accountBalance: naira(),
  status: z.string(),
});

/** POST account/subaccount, GET account/{id} (AccountReply). */
export const accountReplySchema = dataReply(accountDtoSchema);

/** A NIN or BVN being verified, as its owner sees it (the number only as a hint). */
const identitySchema = z.object({
  identityId: z.string(),
  type: z.enum(['NIN', 'BVN']),
  numberHint: z.string(),
});

/** POST verification/initiate: a code was sent to the number's owner. */
export const verificationInitiateReplySchema = dataReply(identitySchema);

/** Where a verification stands (VerificationStatus). */
export const verificationStatusSchema = z.enum([
  'initiated',
  'validated',
  'failed',
  'completed',
  'mismatch',
]);

/** POST verification/validate: the code was right; the account step may follow. */
export const verificationValidateReplySchema = dataReply(
  z.extend(identitySchema, { status: z.literal('validated') }),
);

/** POST verification/enquiry: the caller's own verification of this number, or null (none). */
export const verificationEnquiryReplySchema = dataReply(
  z.nullable(z.extend(identitySchema, { status: verificationStatusSchema })),
);

/** GET account: the caller's accounts (AccountListReply). */
export const accountListReplySchema = listReply(accountDtoSchema);

/** What a deposit's status reads call it (DepositStatus). */
export const depositStatusSchema = z.enum(['Completed', 'Pending', 'Failed', 'Expired']);

/** A payment to make into the permanent account. */
const virtualDepositSchema = z.object({
  _id: z.string(),
  virtualAccountName: z.string(),
  virtualAccountNo: z.string(),
  bankName: z.string(),
  amount: naira(),
});
/** POST deposit, POST account/virtual (VirtualDepositReply). */
export const virtualDepositReplySchema = dataReply(virtualDepositSchema);

/** GET deposit/{id}/status, GET deposit/session/{sdkSessionId} (DepositStatusReply). */
export const depositStatusReplySchema = dataReply(
  z.object({
    _id: z.string(),
    status: depositStatusSchema,
    amount: naira(),
    creditedAmount: naira(),
  }),
);

/** GET account/virtual/{id}: one virtual-account intent as it stands. */
export const virtualDepositIntentReplySchema = dataReply(
  z.extend(virtualDepositSchema, {
    status: depositStatusSchema,
    creditedAmount: naira(),
    createdAt: z.string(),
  }),
);
