/**
 * When a webhook that was not answered with a 2xx is tried again (decision 0089): 30 s, then
 * doubling to an hour, then hourly, until 24 hours after the outcome was queued; a try that would
 * fall later is not made and the delivery is failed. The owner can replay it after that.
 */
const BACKOFF_MS = [
  30_000,
  60_000,
  2 * 60_000,
  4 * 60_000,
  8 * 60_000,
  16 * 60_000,
  32 * 60_000,
  60 * 60_000,
];

export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;

/** The wait after the `attempts`-th failed try (1 for the first). */
export function webhookRetryDelayMs(attempts: number): number {
  return BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1] ?? 60 * 60_000;
}

/** The next try after a failed one, or undefined once the window has closed. */
export function nextWebhookAttempt(createdAt: Date, attempts: number, now: Date): Date | undefined {
  const next = new Date(now.getTime() + webhookRetryDelayMs(attempts));
  return next.getTime() <= createdAt.getTime() + WEBHOOK_RETRY_WINDOW_MS ? next : undefined;
}
