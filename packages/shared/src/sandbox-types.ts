/** What the sandbox mailbox answers (sandbox mode only; decision 0019). */

/** An e-mail the app would have sent. */
export interface SandboxMail {
  to: string;
  subject: string;
  text: string;
  /** The code in the text, when it carries one. */
  code: string | null;
  sentAt: string;
}

/** A Safe Haven NIN/BVN code "texted to the phone on record". */
export interface SandboxText {
  /** Safe Haven's identityId the code belongs to. */
  identityId: string;
  type: string;
  /** Last 3 digits of the NIN/BVN: the full number is never kept by us. */
  numberHint: string;
  code: string;
  sentAt: string;
}
