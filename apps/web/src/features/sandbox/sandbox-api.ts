/** The sandbox's own calls (sandbox mode only; the server has no such routes live). */
import type { SandboxMail, SandboxText } from '@owo/shared/sandbox-types';
import { apiRequest } from '../../lib/api';

export type { SandboxMail, SandboxText };

export async function fetchMailbox(email: string, signal?: AbortSignal): Promise<SandboxMail[]> {
  const reply = await apiRequest<{ data: { mails: SandboxMail[] } }>(
    `/sandbox/mailbox?email=${encodeURIComponent(email)}`,
    { token: null, signal },
  );
  return reply.data.mails;
}

export async function fetchTexts(signal?: AbortSignal): Promise<SandboxText[]> {
  const reply = await apiRequest<{ data: { texts: SandboxText[] } }>('/sandbox/texts', { signal });
  return reply.data.texts;
}
