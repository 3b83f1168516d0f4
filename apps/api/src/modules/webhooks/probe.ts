/**
 * The webhook routes' go-live probe (decision 0045). Suppliers POST to our webhook routes; a GET
 * on the same path answers this instead, moving and recording nothing, so `cli live-check` can
 * call each route through PUBLIC_BASE_URL (the origin the suppliers are given) and see that the
 * answer is ours: it echoes the caller's nonce.
 */

import type { z } from 'zod/mini';
import { WEBHOOK_ROUTES, type webhookProbeReplySchema } from '@owo/shared/replies/system';

export type WebhookRoute = (typeof WEBHOOK_ROUTES)[number];

/** A nonce the probe echoes: short, plain characters only (it comes back in a JSON body). */
const NONCE = /^[A-Za-z0-9_-]{8,64}$/;

/** The probe's reply, as its route declares it. */
export type ProbeReply = z.output<typeof webhookProbeReplySchema>;

export function probeReply(webhook: WebhookRoute, query: unknown): ProbeReply {
  const given = (query as { probe?: unknown } | undefined)?.probe;
  return {
    webhook,
    accepts: 'POST',
    probe: typeof given === 'string' && NONCE.test(given) ? given : null,
  };
}
