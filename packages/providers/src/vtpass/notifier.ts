/**
 * How the simulator delivers VTpass's callbacks: a JSON POST of `{type, data}` to the callback URL
 * set on the VTpass dashboard. VTpass documents no signature; it counts an event as received only
 * when the answer is the JSON `{"response": "success"}`, and sends it 5 times in all before giving
 * up (SOURCES.md). VTpass publishes no retry interval; the delays here are ours.
 */
import { createSender, type WebhookSender } from '../sandbox/webhook-sender';
import { VTPASS_WEBHOOK_ACK, VTPASS_WEBHOOK_ATTEMPTS } from './webhook';

export type { NotifyTarget } from '../sandbox/webhook-sender';

/** After a first attempt that is not acknowledged: 4 more, 1 s, 5 s, 30 s, 2 min later. */
export const VTPASS_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000];

function acknowledges(text: string): boolean {
  try {
    const body: unknown = JSON.parse(text);
    return (
      typeof body === 'object' &&
      body !== null &&
      (body as Record<string, unknown>).response === VTPASS_WEBHOOK_ACK.response
    );
  } catch {
    return false;
  }
}

export function createVtpassWebhookSender(
  retryDelaysMs: readonly number[] = VTPASS_WEBHOOK_RETRY_DELAYS_MS,
): WebhookSender {
  return createSender({
    retryDelaysMs: retryDelaysMs.slice(0, VTPASS_WEBHOOK_ATTEMPTS - 1),
    acknowledged: ({ ok, text }) => ok && acknowledges(text),
  });
}
