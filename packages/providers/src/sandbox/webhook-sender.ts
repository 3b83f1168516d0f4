/**
 * How a simulator delivers a supplier's webhooks: a JSON POST to the merchant's URL that counts as
 * received only when the supplier's own acknowledgement rule says so; otherwise it is sent again
 * after each retry delay (real time), until one is received, the delays run out or the sandbox
 * stops. Each supplier's notifier says what it signs and what it accepts as an acknowledgement.
 */

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

export interface SenderRules {
  retryDelaysMs: readonly number[];
  /** Headers beside the JSON content type, e.g. a signature over the exact body text. */
  headers?: (bodyText: string) => Record<string, string>;
  /** Whether the merchant's answer acknowledges the delivery. */
  acknowledged: (response: { ok: boolean; status: number; text: string }) => boolean;
}

export function createSender(rules: SenderRules): WebhookSender {
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
        headers: { 'content-type': 'application/json', ...rules.headers?.(text) },
        body: text,
        signal: controller.signal,
      });
      const answer = await response.text();
      const ok = rules.acknowledged({ ok: response.ok, status: response.status, text: answer });
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
    const delay = rules.retryDelaysMs[index];
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
