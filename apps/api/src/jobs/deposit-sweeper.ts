import type { FastifyBaseLogger } from 'fastify';
import type { DepositService } from '../modules/deposits/service';

const BATCH = 20;

/**
 * Background loop that asks PalmPay about open checkout deposits nobody has checked for a while,
 * so a payment is credited even when PalmPay's webhooks never get through and the customer never
 * taps "I have paid" (decision 0009). Crediting goes through the webhook's own idempotent path.
 */
export function startDepositSweeper(
  deposits: DepositService,
  logger: FastifyBaseLogger,
  intervalMs: number,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      while (!stopped && (await deposits.sweepOpenCheckouts(BATCH)) === BATCH) {
        // A full batch: more may be due right away.
      }
    } catch (error) {
      logger.error({ err: error }, 'deposit sweep failed');
    }
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  };
  timer = setTimeout(() => void tick(), intervalMs);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
