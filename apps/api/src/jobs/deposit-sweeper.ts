import type { DepositService } from '../modules/deposits/service';

const BATCH = 20;

/**
 * One background pass (jobs/job-runner.ts) that asks PalmPay about open checkout deposits nobody
 * has checked for a while, so a payment is credited even when PalmPay's webhooks never get through
 * and the customer never taps "I have paid" (decision 0009). Crediting goes through the webhook's
 * own idempotent path. True when a full batch says more may be due right away.
 */
export function depositSweepPass(deposits: DepositService): () => Promise<boolean> {
  return async () => (await deposits.sweepOpenCheckouts(BATCH)) === BATCH;
}
