/**
 * How the simulator delivers Ogdams's webhook events: a JSON POST signed in the
 * ogdams-simhosting-signature header. Ogdams documents no acknowledgement body, so any HTTP 2xx
 * counts as received; anything else is sent again after each retry delay (real time) until one
 * is received, the delays run out or the sandbox stops.
 */
import { createSender, type WebhookSender } from '../sandbox/webhook-sender';
import { OGDAMS_SIGNATURE_HEADER, signOgdamsBody } from './protocol';

export type { NotifyTarget } from '../sandbox/webhook-sender';
export type OgdamsWebhookSender = WebhookSender;

/** When the first attempt fails: 1 s, 5 s, 30 s later (real milliseconds). */
export const OGDAMS_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000];

export function createOgdamsWebhookSender(
  secret: string,
  retryDelaysMs: readonly number[] = OGDAMS_WEBHOOK_RETRY_DELAYS_MS,
): OgdamsWebhookSender {
  return createSender({
    retryDelaysMs,
    headers: (text) => ({ [OGDAMS_SIGNATURE_HEADER]: signOgdamsBody(text, secret) }),
    acknowledged: ({ ok }) => ok,
  });
}
