import { z } from 'zod/mini';

/** The sandbox mailbox (sandbox mode only; decision 0019): what the app would have sent. */

/** An e-mail the app would have sent (SandboxMail). */
export const sandboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The code in the text, when it carries one. */
  code: z.nullable(z.string()),
  sentAt: z.string(),
});

/** A Safe Haven NIN/BVN code "texted to the phone on record" (SandboxText). */
export const sandboxTextSchema = z.object({
  /** Safe Haven's identityId the code belongs to. */
  identityId: z.string(),
  type: z.string(),
  /** Last 3 digits of the NIN/BVN: the full number is never kept by us. */
  numberHint: z.string(),
  code: z.string(),
  sentAt: z.string(),
});

/** GET sandbox/mailbox: the mails to one address, newest first. */
export const sandboxMailboxReplySchema = z.object({
  success: z.literal(true),
  data: z.object({ email: z.string(), mails: z.array(sandboxMailSchema) }),
});

/** GET sandbox/texts: the codes texted for the caller's own verifications. */
export const sandboxTextsReplySchema = z.object({
  success: z.literal(true),
  data: z.object({ texts: z.array(sandboxTextSchema) }),
});
