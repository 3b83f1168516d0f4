/**
 * How the simulator delivers PalmPay's notifications: a JSON POST that counts as received only when
 * the merchant answers HTTP 2xx with the text `success`; otherwise it is sent again after each of
 * the retry delays (real time), until one is acknowledged, the delays run out or the sandbox stops.
 */
import { PALMPAY_WEBHOOK_ACK } from './protocol';

/** When the first attempt fails: 1 s, 5 s, 30 s, 2 min later (real milliseconds). */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000];

/** How long one delivery attempt may take before it counts as failed. */
const ATTEMPT_TIMEOUT_MS = 10_000;

/** The URL to post to, read at each attempt (a test app may start listening later). */
export type NotifyTarget = string | (() => string | undefined) | undefined;

export interface DeliveryAttempt {
  url: string | undefined;
  ok: boolean;
  /** HTTP status, or the network error. */
  detail: string;
}

export interface WebhookSender {
  /**
   * Makes the first attempt and answers whether it was acknowledged; failed attempts are retried
   * in the background.
   */
  send(target: NotifyTarget, body: Record<string, unknown>): Promise<boolean>;
  /** Every attempt made so far, oldest first (for tests and debugging). */
  readonly attempts: readonly DeliveryAttempt[];
  /** Cancels pending retries and in-flight attempts. */
  stop(): void;
}

export function createWebhookSender(
  retryDelaysMs: readonly number[] = DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
): WebhookSender {
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<AbortController>();
  const attempts: DeliveryAttempt[] = [];
  let stopped = false;

  async function attempt(target: NotifyTarget, text: string): Promise<boolean> {
    const url = typeof target === 'function' ? target() : target;
    if (!url) {
      attempts.push({ url, ok: false, detail: 'no notify URL configured' });
      return false;
    }
    const controller = new AbortController();
    inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: text,
        signal: controller.signal,
      });
      const answer = (await response.text()).trim();
      const ok = response.ok && answer.toLowerCase() === PALMPAY_WEBHOOK_ACK;
      attempts.push({ url, ok, detail: `HTTP ${response.status}` });
      return ok;
    } catch (error) {
      attempts.push({ url, ok: false, detail: error instanceof Error ? error.message : 'error' });
      return false;
    } finally {
      clearTimeout(timer);
      inFlight.delete(controller);
    }
  }

  function retry(target: NotifyTarget, text: string, index: number) {
    const delay = retryDelaysMs[index];
    if (stopped || delay === undefined) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopped) return;
      void attempt(target, text).then((ok) => {
        if (!ok) retry(target, text, index + 1);
      });
    }, delay);
    // Pending retries never keep a process alive on their own.
    timer.unref();
    timers.add(timer);
  }

  return {
    attempts,
    async send(target, body) {
      if (stopped) return false;
      const text = JSON.stringify(body);
      const ok = await attempt(target, text);
      if (!ok) retry(target, text, 0);
      return ok;
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const controller of inFlight) controller.abort();
      inFlight.clear();
    },
  };
}
