import { z } from 'zod/mini';
import { dataReply } from './common';

/** Look-ups that name a third party before money moves (each under a per-user budget). */

/** POST transfers/verify-recipient: the customer an e-mail belongs to (RecipientReply). */
export const recipientReplySchema = dataReply(
  z.object({ _id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
);

/** POST transfers/verify: the name on a bank account (BankAccountVerifyReply). */
export const bankAccountVerifyReplySchema = dataReply(
  z.object({ accountName: z.string(), accountNumber: z.string(), bankCode: z.string() }),
);

/** POST vtpass/verify-meter-number (MeterVerifyReply). */
export const meterVerifyReplySchema = dataReply(
  z.object({
    Customer_Name: z.string(),
    Address: z.string(),
    Meter_Number: z.string(),
    Meter_Type: z.string(),
    Minimum_Amount: z.nullable(z.number()),
  }),
);

/** POST vtpass/smartcard-verify (SmartcardVerifyReply). */
export const smartcardVerifyReplySchema = dataReply(
  z.object({
    Customer_Name: z.string(),
    Status: z.string(),
    Due_Date: z.string(),
    Current_Bouquet: z.string(),
    Renewal_Amount: z.nullable(z.number()),
  }),
);

/** POST services/verify: the customer behind a meter, card or phone (ServicesVerifyReply). */
export const servicesVerifyReplySchema = dataReply(
  z.catchall(
    z.object({ customerName: z.string(), entityNumber: z.string(), serviceCategoryId: z.string() }),
    z.string(),
  ),
);
