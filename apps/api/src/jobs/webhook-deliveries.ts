import type { AppDeps } from '../deps';
import { forEachBoundedByKey } from '../lib/bounded-by-key';
import {
  webhookDeliveriesRepository as repo,
  type AttemptResult,
  type ClaimedDelivery,
} from '../modules/developer/webhook-deliveries-repository';
import { postWebhook, type PostOutcome } from '../modules/developer/webhook-post';
import { nextWebhookAttempt } from '../modules/developer/webhook-schedule';
import { webhookSecretOf } from '../modules/developer/webhook-secret';
import { webhookSignature } from '../modules/developer/webhook-signature';

/** A reseller's endpoint has this long to answer (decision 0089). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** A claim outlives the slowest post by far; a crashed node's claims lapse by themselves. */
const LEASE_MS = 60_000;
const BATCH = 20;
/** Posts to one key's endpoint from one process at once: a slow reseller holds back only itself. */
export const POSTS_PER_KEY = 4;

export interface WebhookPassResult {
  attempted: number;
  delivered: number;
  retrying: number;
  failed: number;
}

/**
 * The `webhook-deliveries` job (decision 0089): posts the queued notices of API orders' outcomes,
 * signed, and schedules the next try of each one not answered with a 2xx. Every node runs it (its
 * job is not exclusive): claims are FOR UPDATE SKIP LOCKED plus a lease, so nodes share the due
 * deliveries. No transaction is open during a post; a purchase never waits on one.
 */
export function createWebhookDeliveries(deps: AppDeps) {
  const { database, clock, config, logger } = deps;

  async function attempt(delivery: ClaimedDelivery): Promise<AttemptResult> {
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    const secret = webhookSecretOf(config.sessionSecret, delivery.apiKeyId);
    const outcome: PostOutcome = delivery.webhookUrl
      ? await postWebhook(
          delivery.webhookUrl,
          {
            'Content-Type': 'application/json',
            'User-Agent': 'Owo-Webhooks/1',
            'Owo-Event': delivery.event,
            'Owo-Delivery': delivery.id,
            'Owo-Timestamp': String(timestamp),
            'Owo-Signature': webhookSignature(secret, timestamp, delivery.body),
          },
          delivery.body,
          { publicOnly: config.providerMode === 'live', timeoutMs: WEBHOOK_TIMEOUT_MS },
        )
      : { error: 'The key has no webhook URL any more.' };
    if ('status' in outcome && outcome.status >= 200 && outcome.status < 300) {
      return { state: 'delivered', status: outcome.status };
    }
    const status = 'status' in outcome ? outcome.status : null;
    const error = 'error' in outcome ? outcome.error : `Answered HTTP ${outcome.status}.`;
    const next = nextWebhookAttempt(delivery.createdAt, delivery.attempts + 1, clock.now());
    return next
      ? { state: 'pending', status, error, nextAttemptAt: next }
      : { state: 'failed', status, error };
  }

  async function runOnce(): Promise<WebhookPassResult> {
    const now = clock.now();
    const claimed = await repo.claimDue(
      database.db,
      now,
      new Date(now.getTime() + LEASE_MS),
      BATCH,
    );
    const result: WebhookPassResult = { attempted: 0, delivered: 0, retrying: 0, failed: 0 };
    await forEachBoundedByKey(
      claimed,
      (delivery) => delivery.apiKeyId,
      POSTS_PER_KEY,
      async (delivery) => {
        result.attempted += 1;
        const done = await attempt(delivery);
        if (!(await repo.recordAttempt(database.db, delivery, clock.now(), done))) return;
        if (done.state === 'pending') result.retrying += 1;
        else result[done.state] += 1;
        if (done.state === 'failed') {
          logger.warn({ delivery: delivery.id, error: done.error }, 'a webhook was given up');
        }
      },
    );
    return result;
  }

  /** One background pass (jobs/job-runner.ts): true when a full batch says more is due now. */
  async function pass(): Promise<boolean> {
    return (await runOnce()).attempted === BATCH;
  }

  return { runOnce, pass };
}

export type WebhookDeliveries = ReturnType<typeof createWebhookDeliveries>;
