/**
 * How the simulator delivers PalmPay's notifications: a JSON POST that counts as received only when
 * the merchant answers HTTP 2xx with the text `success`; otherwise it is sent again after each of
 * the retry delays (real time), until one is acknowledged, the delays run out or the sandbox stops.
 */
import { createSender, type WebhookSender } from '../sandbox/webhook-sender';
import { PALMPAY_WEBHOOK_ACK } from './protocol';

export type { DeliveryAttempt, NotifyTarget, WebhookSender } from '../sandbox/webhook-sender';

/** When the first attempt fails: 1 s, 5 s, 30 s, 2 min later (real milliseconds). */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000];

export function createWebhookSender(
  retryDelaysMs: readonly number[] = DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
): WebhookSender {
  return createSender({
    retryDelaysMs,
    acknowledged: ({ ok, text }) => ok && text.trim().toLowerCase() === PALMPAY_WEBHOOK_ACK,
  });
}
