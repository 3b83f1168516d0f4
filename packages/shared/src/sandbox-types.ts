/** What the sandbox mailbox answers (sandbox mode only; decision 0019), read from its schemas. */
import type { z } from 'zod/mini';
import type { sandboxMailSchema, sandboxTextSchema } from './replies/sandbox';

/** An e-mail the app would have sent. */
export type SandboxMail = z.output<typeof sandboxMailSchema>;

/** A Safe Haven NIN/BVN code "texted to the phone on record". */
export type SandboxText = z.output<typeof sandboxTextSchema>;
