import { z } from 'zod/mini';
import { dataReply } from './common';

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

/** POST verification/initiate: a code was sent to the number's owner. */
export const verificationInitiateReplySchema = dataReply(
  z.object({ identityId: z.string(), type: z.enum(['NIN', 'BVN']), numberHint: z.string() }),
);
